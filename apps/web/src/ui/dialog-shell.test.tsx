import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { Sheet } from './sheet.tsx';

describe('DialogShell initial focus', () => {
  it('lands on the first field of the body by default', async () => {
    renderWithI18n(
      <Sheet title="Pick" open>
        <button type="button">First</button>
        <button type="button">Second</button>
      </Sheet>,
    );
    expect(await screen.findByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('onOpenAutoFocus may choose another element', async () => {
    renderWithI18n(
      <Sheet
        title="Pick"
        open
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById('second')?.focus();
        }}
      >
        <button type="button">First</button>
        <button type="button" id="second">
          Second
        </button>
      </Sheet>,
    );
    expect(await screen.findByRole('button', { name: 'Second' })).toHaveFocus();
  });
});
