import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { GradientButton } from './gradient-button.tsx';

describe('GradientButton', () => {
  it('is labelled "Confirm" by default and fires onClick', async () => {
    const onClick = vi.fn();
    renderWithI18n(<GradientButton onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Confirm' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders children instead of the default label', () => {
    renderWithI18n(<GradientButton>Buy BTC</GradientButton>);
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeInTheDocument();
  });

  it('shows "Continue" with an arrow icon when showContinueArrow has no children', () => {
    renderWithI18n(<GradientButton showContinueArrow />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps custom children next to the arrow', () => {
    renderWithI18n(<GradientButton showContinueArrow>Next step</GradientButton>);
    const button = screen.getByRole('button', { name: 'Next step' });
    expect(button.querySelector('svg')).not.toBeNull();
  });

  it('uses the primary gradient by default and the theme tokens for other variants', () => {
    renderWithI18n(
      <>
        <GradientButton>a</GradientButton>
        <GradientButton variant="outline">b</GradientButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'a' })).toHaveClass('from-primary', 'to-primary-2');
    expect(screen.getByRole('button', { name: 'b' })).toHaveClass('border-primary');
  });

  it('shows a spinner named "Loading" and sets aria-busy while loading', () => {
    renderWithI18n(<GradientButton loading>Pay</GradientButton>);
    const button = screen.getByRole('button', { name: 'Loading' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });

  it('stretches with fullWidth', () => {
    renderWithI18n(<GradientButton fullWidth />);
    expect(screen.getByRole('button')).toHaveClass('w-full');
  });

  it.each([
    ['loading', { loading: true }],
    ['inactive', { variant: 'inactive' as const }],
    ['disabled', { disabled: true }],
  ])('is inert when %s: no click, Enter or Space reaches onClick, and it stays focusable', async (_, props) => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithI18n(<GradientButton {...props} onClick={onClick} />);
    const button = screen.getByRole('button');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form when inert', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    renderWithI18n(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <GradientButton type="submit" loading />
      </form>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
