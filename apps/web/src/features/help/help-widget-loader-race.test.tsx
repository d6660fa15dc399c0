import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderHelp } from './help-desk-fixtures';
import { resetHelpWidgetState, setHelpOpen } from './help-widget-store';

// A file of its own: the widget's chunk must not have been loaded by an earlier test.
afterEach(() => resetHelpWidgetState());

it('closed again before its chunk arrives, the launcher does not spin for ever, and opens at once next time', async () => {
  renderHelp();
  const launcher = screen.getByRole('button', { name: 'Help' });
  act(() => setHelpOpen(true));
  expect(launcher).toHaveAttribute('data-status', 'loading');
  // Closed while the chunk is still on its way (a second click, Esc on the launcher, a setter).
  act(() => setHelpOpen(false));
  // The chunk arrives, the hidden widget loads its first view and says ready.
  await waitFor(() => expect(launcher).toHaveAttribute('data-status', 'ready'), { timeout: 3_000 });
  expect(launcher).toHaveAttribute('aria-expanded', 'false');
  expect(launcher).not.toHaveAttribute('aria-busy');
  expect(launcher).not.toHaveAttribute('data-status', 'loading');
  expect(screen.queryByRole('status', { name: /Loading help/ })).not.toBeInTheDocument();

  act(() => setHelpOpen(true));
  expect(screen.getByRole('dialog', { name: 'Help centre' })).toBeVisible();
});
