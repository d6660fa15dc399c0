import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Stands in for the help widget's window API (window.causewayHelp) for the tests of one describe
 * block, so a test can check what a page asked the widget to open. Call inside a describe.
 */
export function spyOnHelpWindow() {
  const help = { setOpen: vi.fn(), setTab: vi.fn(), setSecondaryPage: vi.fn() };
  beforeEach(() => {
    vi.clearAllMocks();
    window.causewayHelp = help;
  });
  afterEach(() => {
    delete window.causewayHelp;
  });
  return help;
}
