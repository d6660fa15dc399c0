import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { loadDialogShell } from './lazy-dialog-shell.tsx';
import { Modal } from './modal.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal title="Hello" open={open} onOpenChange={setOpen}>
        <input aria-label="Name" />
      </Modal>
    </>
  );
}

// In this order: the first test opens a dialog before its chunk was ever fetched.
describe('Modal and Sheet fetch the Radix dialog when they first open (issue 16)', () => {
  it('a closed dialog renders nothing; opened, it shows when its chunk arrives and takes the focus; Escape closes it', async () => {
    const user = userEvent.setup();
    const { container } = renderWithI18n(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect([...document.body.children]).toEqual([container]);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hello' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('once the chunk is there, a dialog opens in the same render', async () => {
    await loadDialogShell();
    renderWithI18n(
      <Modal title="At once" open>
        Body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'At once' })).toHaveTextContent('Body');
  });
});
