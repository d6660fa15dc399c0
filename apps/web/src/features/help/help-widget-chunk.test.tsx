import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHelp } from './help-desk-fixtures';
import { resetHelpWidgetState } from './help-widget-store';

// Counts how often the widget's chunk is evaluated: the first import() of it, not any render.
const chunk = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./components/help-widget', async (importOriginal) => {
  chunk.imports += 1;
  return importOriginal();
});

afterEach(() => resetHelpWidgetState());

/** Lets pending imports and promises run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the widget chunk', () => {
  it('is not imported when the launcher shows, only once the widget is opened', async () => {
    renderHelp();
    const launcher = screen.getByRole('button', { name: 'Help' });
    await settle();
    expect(chunk.imports).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(launcher);
    expect(await screen.findByRole('dialog', { name: 'Help centre' })).toBeInTheDocument();
    expect(chunk.imports).toBe(1);
  });
});
