import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { TextInput } from './text-input.tsx';

const tooShort = (value: string) => (value.length < 3 ? ['At least 3 characters', 'Second error'] : undefined);

describe('TextInput', () => {
  it('associates the label with the input and renders prefix and suffix', () => {
    renderWithI18n(<TextInput label="Amount" prefix="$" suffix="USD" />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('');
    expect(screen.getByText('$')).toBeInTheDocument();
    expect(screen.getByText('USD')).toBeInTheDocument();
  });

  it('shows no error before the user types, even after focus and blur', async () => {
    const user = userEvent.setup();
    renderWithI18n(<TextInput label="Name" validate={tooShort} errors={['Server says no']} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.click(input);
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('At least 3 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('Server says no')).not.toBeInTheDocument();
  });

  it('after typing shows only the first error, linked to the input, and clears it when valid', async () => {
    const user = userEvent.setup();
    renderWithI18n(<TextInput label="Name" validate={tooShort} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.type(input, 'ab');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 3 characters');
    expect(screen.queryByText('Second error')).not.toBeInTheDocument();

    await user.type(input, 'c');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('At least 3 characters')).not.toBeInTheDocument();
  });

  it('accepts a single string from validate and falls back to the errors prop', async () => {
    const user = userEvent.setup();
    renderWithI18n(<TextInput label="Email" validate={(v) => (v.includes('@') ? undefined : 'Invalid email')} errors={['Taken']} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await user.type(input, 'a');
    expect(input).toHaveAccessibleDescription('Invalid email');
    await user.type(input, '@b');
    expect(input).toHaveAccessibleDescription('Taken');
  });

  it('sanitises HTML in error messages', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <TextInput
        label="Code"
        errors={['<b>Bad</b> <img src=x onerror=alert(1)><script>alert(2)</script> <a href="javascript:alert(3)">help</a>']}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'x');
    // Rendered as HTML only once the sanitiser (loaded with the first message that has markup) is there.
    await waitFor(() => expect(screen.getByText('Bad').tagName).toBe('B'));
    const error = screen.getByText('Bad').closest('p')!;
    expect(error.querySelector('b')).toHaveTextContent('Bad');
    expect(error.querySelector('img')).not.toHaveAttribute('onerror');
    expect(error.querySelector('script')).toBeNull();
    expect(error.innerHTML).not.toContain('alert(2)');
    expect(error.querySelector('a')).not.toHaveAttribute('href');
  });

  it('shows a Clear button only while there is a value; it empties and refocuses the input', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderWithI18n(<TextInput label="Search" clearable onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Search' });
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();

    await user.type(input, 'btc');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(onValueChange).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('works controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('10');
      return (
        <>
          <TextInput label="Amount" value={value} onValueChange={setValue} clearable />
          <output>{value}</output>
        </>
      );
    }
    renderWithI18n(<Controlled />);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '5');
    expect(screen.getByRole('status')).toHaveTextContent('105');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    // Its text, not its nodes: Preact keeps an empty text node where React keeps none.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows the value its owner keeps, not what was typed, when the owner refuses an edit', async () => {
    const user = userEvent.setup();
    function DigitsOnly() {
      const [value, setValue] = useState('10');
      return <TextInput label="Amount" value={value} onValueChange={(next) => setValue(next.replace(/\D/g, ''))} />;
    }
    renderWithI18n(<DigitsOnly />);
    const field = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(field, 'a');
    expect(field).toHaveValue('10');
    // Twice: the second refused edit leaves every state as the first did.
    await user.type(field, 'a');
    expect(field).toHaveValue('10');
    await user.type(field, '5');
    expect(field).toHaveValue('105');
  });

  it('forwards its ref and native props to the input', () => {
    const ref = { current: null as HTMLInputElement | null };
    renderWithI18n(<TextInput label="Email" ref={ref} type="email" name="email" aria-describedby="hint" />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Email' }));
    expect(ref.current).toHaveAttribute('name', 'email');
    expect(ref.current).toHaveAttribute('aria-describedby', 'hint');
  });
});
