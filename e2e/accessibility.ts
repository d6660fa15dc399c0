import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** What a serious or critical axe finding looks like in a failure message: the rule and where. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page as it stands and answers its serious and critical violations.
 * The page's CSP forbids injected scripts, so the browser context must bypass CSP
 * (openBrowser({ bypassCSP: true })).
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Colours measured mid-transition (a theme switch, a hover fading out) are neither theme's.
  // Endless ones (spinners) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/**
 * Switches the page's theme the way the app does (the data-theme attribute the tokens key on) and
 * the way the system does (prefers-color-scheme, which the server's own pages follow).
 */
async function applyTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((name) => {
    document.documentElement.dataset.theme = name;
    document.documentElement.style.colorScheme = name;
  }, theme);
}

/**
 * Axe in light and then in dark mode on the page as it stands, leaving it in the theme it had.
 * Answers the findings keyed by "<label> (<theme>)" so one failure lists every page and theme.
 */
export async function violationsInBothThemes(page: Page, label: string): Promise<Record<string, AxeFinding[]>> {
  const initial = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' ? 'dark' : 'light';
  const findings: Record<string, AxeFinding[]> = {};
  for (const theme of ['light', 'dark'] as const) {
    await applyTheme(page, theme);
    const found = await seriousViolations(page);
    if (found.length > 0) findings[`${label} (${theme})`] = found;
  }
  await applyTheme(page, initial);
  return findings;
}

/** The findings of the pages a test file looks at, kept to be asserted empty once at its end. */
export class AccessibilityAudit {
  readonly findings: Record<string, AxeFinding[]> = {};

  async check(page: Page, label: string): Promise<void> {
    Object.assign(this.findings, await violationsInBothThemes(page, label));
  }
}
