import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { UkLoginModal } from './uk-login-modal';
import { ukLoginNotice } from './uk-login-store';

describe('UkLoginModal', () => {
  it('stays closed until the HTTP client reports code 10000041', async () => {
    renderWithI18n(<UkLoginModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => ukLoginNotice.open());

    const dialog = await screen.findByRole('dialog', { name: 'Notice for UK residents' });
    expect(dialog).toHaveAccessibleDescription(/services for UK residents are changing/);
  });

  it('closes with its OK button', async () => {
    const user = userEvent.setup();
    renderWithI18n(<UkLoginModal />);
    act(() => ukLoginNotice.open());

    await user.click(await screen.findByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ukLoginNotice', () => {
  it('tells every subscriber to open, and no longer after unsubscribing', () => {
    const seen: string[] = [];
    const stopA = ukLoginNotice.subscribe((open) => seen.push(`a:${open}`));
    const stopB = ukLoginNotice.subscribe((open) => seen.push(`b:${open}`));
    ukLoginNotice.open();
    stopA();
    ukLoginNotice.open();
    stopB();
    ukLoginNotice.open();
    expect(seen).toEqual(['a:true', 'b:true', 'b:true']);
  });
});
