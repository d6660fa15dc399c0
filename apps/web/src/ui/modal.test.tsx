import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { Modal, type ModalProps } from './modal.tsx';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <Modal title="Verify email" open={open} onOpenChange={setOpen} {...props}>
        <input aria-label="Code" />
        <button>Submit</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title and described by its description', async () => {
    renderWithI18n(<Harness description="We sent a code to you." />);
    const dialog = await screen.findByRole('dialog', { name: 'Verify email' });
    expect(dialog).toHaveAccessibleDescription('We sent a code to you.');
  });

  it('has no description link without a description, and warns about nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithI18n(<Harness />);
    expect(await screen.findByRole('dialog')).not.toHaveAttribute('aria-describedby');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the translated Close button', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('focuses the first field and traps focus inside', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Harness />);
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(code).toHaveFocus();
  });

  it.each([
    ['sm', 'w-[320px]'],
    ['md', 'w-[360px]'],
  ] as const)('width %s is %s, capped to the screen minus 32 px', async (width, widthClass) => {
    renderWithI18n(<Harness width={width} />);
    expect(await screen.findByRole('dialog')).toHaveClass(widthClass, 'max-w-[calc(100vw-32px)]');
  });

  it('opens from a trigger', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <Modal title="Help" trigger={<button>Open help</button>}>
        Body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open help' }));
    expect(await screen.findByRole('dialog', { name: 'Help' })).toHaveTextContent('Body');
  });
});
