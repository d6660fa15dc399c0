import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { Modal } from './modal.tsx';
import { toast, type ToastOptions } from './toast-store.ts';

// The dialog's chunk cannot be fetched (offline, or a deploy replaced it since the page loaded).
vi.mock('./dialog-shell.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a dialog whose chunk cannot be fetched', () => {
  it('tells the person it could not open instead of doing nothing', async () => {
    const shown: ToastOptions[] = [];
    const stop = toast.subscribe((request) => shown.push(request));
    try {
      renderWithI18n(
        <Modal title="Hello" open>
          Body
        </Modal>,
      );
      await vi.waitFor(() =>
        expect(shown).toEqual([{ message: 'This window could not open. Check your connection and try again.', kind: 'error' }]),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      stop();
    }
  });
});
