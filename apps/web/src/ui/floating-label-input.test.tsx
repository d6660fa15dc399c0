import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { FloatingLabelInput } from './floating-label-input.tsx';

const required = (value: string) => (value ? undefined : ['Required', 'Also required']);

describe('FloatingLabelInput', () => {
  it('labels the input and floats the label when focused or filled', async () => {
    const user = userEvent.setup();
    renderWithI18n(<FloatingLabelInput label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const box = input.parentElement!;
    expect(box).toHaveAttribute('data-floating', 'false');

    await user.click(input);
    expect(box).toHaveAttribute('data-floating', 'true');
    await user.tab();
    expect(box).toHaveAttribute('data-floating', 'false');

    await user.type(input, 'a@b.c');
    await user.tab();
    expect(box).toHaveAttribute('data-floating', 'true');
  });

  it('starts floated with a default value', () => {
    renderWithI18n(<FloatingLabelInput label="Email" defaultValue="a@b.c" />);
    expect(screen.getByRole('textbox', { name: 'Email' }).parentElement).toHaveAttribute('data-floating', 'true');
  });

  it('shares the after-typing, first-error-only validation of TextInput', async () => {
    const user = userEvent.setup();
    renderWithI18n(<FloatingLabelInput label="Name" validate={required} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.click(input);
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.type(input, 'a');
    await user.clear(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Required');
    expect(screen.queryByText('Also required')).not.toBeInTheDocument();
  });

  it('sanitises HTML in errors', async () => {
    const user = userEvent.setup();
    renderWithI18n(<FloatingLabelInput label="Name" errors={['Oops<img src=x onerror=alert(1)><script>x()</script>']} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'a');
    // Rendered as HTML only once the sanitiser (loaded with the first message that has markup) is there.
    await waitFor(() => expect(screen.getByText('Oops').querySelector('img')).toBeInTheDocument());
    const error = screen.getByText('Oops');
    expect(error.querySelector('img')).not.toHaveAttribute('onerror');
    expect(error.querySelector('script')).toBeNull();
  });
});
