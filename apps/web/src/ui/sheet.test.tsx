import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { Sheet } from './sheet.tsx';

describe('Sheet', () => {
  it('is a named dialog, full width on phones and 462 px from sm, at most 560 px tall', async () => {
    renderWithI18n(
      <Sheet title="Select a network" defaultOpen>
        <p>Long list</p>
      </Sheet>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Select a network' });
    expect(dialog).toHaveClass('w-full', 'sm:w-[462px]', 'max-h-[min(560px,calc(100dvh-16px))]');
    expect(screen.getByText('Long list').parentElement).toHaveClass('overflow-y-auto');
  });

  it('closes on Escape and with the Close button', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithI18n(<Sheet title="Networks" open onOpenChange={onOpenChange} />);
    await screen.findByRole('dialog', { name: 'Networks' });
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });
});
