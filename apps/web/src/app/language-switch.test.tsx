import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { LanguageSwitch } from './language-switch';

const open = (url = '/en/settings?tab=1') => {
  const view = renderPage(<LanguageSwitch />, { path: '/:lng/settings', url });
  return { ...view, user: userEvent.setup() };
};

describe('LanguageSwitch', () => {
  it('is a native select named "Language" holding the page language', () => {
    open();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect([...select.querySelectorAll('option')].map((option) => [option.value, option.textContent, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['zh', '中文', 'zh'],
    ]);
  });

  it('shows a short face on phones (EN) and the full name from sm up, hidden from screen readers, which hear the select', () => {
    open();
    const face = screen.getByTestId('language-face');
    expect(face).toHaveAttribute('aria-hidden', 'true');
    expect(face.querySelector('.sm\\:hidden')).toHaveTextContent(/^EN$/);
    expect(face.querySelector('.max-sm\\:hidden')).toHaveTextContent(/^English$/);
    // The select lies over the face, see-through, so a tap or click anywhere on it opens the list.
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveClass('absolute', 'inset-0', 'opacity-0');
  });

  it('switches the locale segment and keeps the rest of the URL', async () => {
    const { user, router } = open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/zh/settings?tab=1');
  });
});
