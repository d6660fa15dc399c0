import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { PasswordInput } from './password-input.tsx';

function SignInForm({ onSubmit }: { onSubmit: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PasswordInput label="Password" autoComplete="current-password" value={value} onValueChange={setValue} />
      <button type="submit">Sign in</button>
    </form>
  );
}

const open = (lng: 'en' | 'zh' = 'en') => {
  const onSubmit = vi.fn();
  renderWithI18n(<SignInForm onSubmit={onSubmit} />, undefined, lng);
  return { onSubmit, user: userEvent.setup() };
};

describe('PasswordInput', () => {
  it('hides the password until "Show password" is pressed, and hides it again', async () => {
    const { user } = open();
    const field = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(field).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.type(field, 'Secret-123!');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('Secret-123!');
    // One name, its state in aria-pressed: a screen reader hears "Show password, pressed".
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Show password');

    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('is reached by Tab after the field and works with Space and Enter without submitting the form', async () => {
    const { user, onSubmit } = open();
    const field = screen.getByLabelText('Password');
    await user.click(field);
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(field).toHaveAttribute('type', 'text');
    await user.keyboard('{Enter}');
    expect(field).toHaveAttribute('type', 'password');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(toggle).toHaveAttribute('type', 'button');
  });

  it('keeps a shown password away from spell checkers and auto-correction', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAttribute('spellcheck', 'false');
    expect(field).toHaveAttribute('autocapitalize', 'off');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
  });

  it('speaks Chinese on a Chinese page', () => {
    open('zh');
    expect(screen.getByRole('button', { name: '显示密码' })).toHaveAttribute('aria-pressed', 'false');
  });
});
