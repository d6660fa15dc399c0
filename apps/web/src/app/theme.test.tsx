import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderWithI18n } from '@/test/render';
import { applyTheme, DARK_MODE_STORAGE_KEY, readInitialDarkMode, ThemeProvider, useTheme } from './theme';
import { ThemeToggle } from './theme-toggle';

/** Stands in for the browser's media query API; only the dark-scheme query is answered. */
function stubSystemPreference(dark: boolean) {
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    return { matches: dark && query === '(prefers-color-scheme: dark)', media: query } as MediaQueryList;
  });
  return queries;
}

const html = document.documentElement;
const renderToggle = () =>
  renderWithI18n(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );

beforeEach(() => {
  delete html.dataset.theme;
  html.style.colorScheme = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('initial theme', () => {
  it('follows the system preference when nothing is stored', () => {
    const queries = stubSystemPreference(true);
    expect(readInitialDarkMode()).toBe(true);
    expect(queries).toEqual(['(prefers-color-scheme: dark)']);
    stubSystemPreference(false);
    expect(readInitialDarkMode()).toBe(false);
  });

  it('is light when the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(readInitialDarkMode()).toBe(false);
  });

  it.each([true, false])('prefers the stored darkMode (%s) over the system preference', (stored) => {
    stubSystemPreference(!stored);
    storage.setItem(DARK_MODE_STORAGE_KEY, stored);
    expect(readInitialDarkMode()).toBe(stored);
  });

  it('ignores a stored value that is not a boolean', () => {
    stubSystemPreference(true);
    storage.setItem(DARK_MODE_STORAGE_KEY, 'light');
    expect(readInitialDarkMode()).toBe(true);
  });

  it('applyTheme sets the attribute and colour scheme the tokens key on', () => {
    applyTheme(true);
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(html.style.colorScheme).toBe('dark');
    applyTheme(false);
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(html.style.colorScheme).toBe('light');
  });
});

describe('ThemeProvider and ThemeToggle', () => {
  it('starts dark on a dark system and shows the toggle pressed', () => {
    stubSystemPreference(true);
    renderToggle();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(storage.getItem(DARK_MODE_STORAGE_KEY)).toBeUndefined();
  });

  it('starts from the stored choice even on a dark system', () => {
    stubSystemPreference(true);
    storage.setItem(DARK_MODE_STORAGE_KEY, false);
    renderToggle();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(html).toHaveAttribute('data-theme', 'light');
  });

  it('toggles, storing the choice and updating html[data-theme]', () => {
    stubSystemPreference(false);
    renderToggle();
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(storage.getItem(DARK_MODE_STORAGE_KEY)).toBe(true);

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(storage.getItem(DARK_MODE_STORAGE_KEY)).toBe(false);
  });

  it('compact (in a one-row header) shows only the sun or moon on phones, still named "Dark mode" with its state', () => {
    stubSystemPreference(false);
    renderWithI18n(
      <ThemeProvider>
        <ThemeToggle compact />
      </ThemeProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(toggle).getByText('Dark mode')).toHaveClass('max-sm:sr-only');
  });

  it('in full (the user menu on phones) keeps its name in sight', () => {
    stubSystemPreference(false);
    renderToggle();
    expect(screen.getByText('Dark mode')).not.toHaveClass('max-sm:sr-only');
  });

  it('keeps the stored choice for the next visit', () => {
    stubSystemPreference(false);
    const first = renderToggle();
    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    first.unmount();

    renderToggle();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('useTheme outside the provider fails loudly', () => {
    const Probe = () => <>{String(useTheme().darkMode)}</>;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useTheme must be used inside ThemeProvider');
    vi.restoreAllMocks();
  });
});
