import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderHelp } from './help-desk-fixtures';
import { resetHelpWidgetState } from './help-widget-store';

// A file of its own: the chunk is imported once per test file's module registry.
const chunk = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./components/help-widget', async (importOriginal) => {
  chunk.imports += 1;
  return importOriginal();
});

afterEach(() => resetHelpWidgetState());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

it('fetches the chunk ahead when the pointer reaches the launcher, without opening or spinning', async () => {
  const { deskCalls } = renderHelp();
  const launcher = screen.getByRole('button', { name: 'Help' });
  fireEvent.pointerEnter(launcher);
  await settle();
  expect(chunk.imports).toBe(1);
  expect(launcher).toHaveAttribute('aria-expanded', 'false');
  expect(launcher).toHaveAttribute('data-status', 'idle');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // Nothing is asked of the help desk before the widget opens.
  expect(deskCalls()).toEqual([]);

  fireEvent.click(launcher);
  expect(await screen.findByRole('dialog', { name: 'Help centre' })).toBeVisible();
  expect(chunk.imports).toBe(1);
});
