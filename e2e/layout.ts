import type { Page } from 'playwright-core';

/**
 * What the floating help launcher covers once the page is scrolled to its end, where a person
 * reaches the last field or button: the text, fields and controls under it, as short descriptions.
 * The page must leave room for it (issue 14: it covered the selected card's expiry at 360 px).
 */
export async function coveredByHelpLauncher(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const launcher = document.querySelector('button[data-status]');
    if (!launcher) return [];
    const box = launcher.getBoundingClientRect();
    const overlaps = (rect: DOMRect) =>
      rect.width > 0 && rect.height > 0 && rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
    const covered: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>(
      'a, button, input, select, textarea, label, [role="radio"], p, dt, dd, li, h1, h2, h3, span',
    )) {
      if (launcher.contains(element) || element.contains(launcher) || element.closest('[role="dialog"]')) continue;
      const hasOwnText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      const isControl = element.matches('a, button, input, select, textarea, [role="radio"]');
      if (!hasOwnText && !isControl) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (overlaps(element.getBoundingClientRect()))
        covered.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return covered;
  });
}

/**
 * How many rows the page header's controls take: controls whose vertical extents overlap count as
 * one row. At 360 px the header must stay on one row (issue 14).
 */
export async function headerRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return 0;
    const boxes = [...header.querySelectorAll<HTMLElement>('a, button, select, img, svg')]
      .filter((element) => !element.closest('a, button, select') || element.matches('a, button, select'))
      .map((element) => element.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .sort((a, b) => a.top - b.top);
    let rows = 0;
    let rowBottom = -Infinity;
    for (const rect of boxes) {
      if (rect.top >= rowBottom) {
        rows += 1;
        rowBottom = rect.bottom;
      } else rowBottom = Math.max(rowBottom, rect.bottom);
    }
    return rows;
  });
}
