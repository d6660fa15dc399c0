import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADDRESS_REJECTION_REASONS, LIMIT_PERIODS, wireCodeOf } from '@causeway/contracts';
import { bundledTranslations, type TextTree } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { ADD_CARD_ERRORS } from './components/add-card-form';
import { KLARNA_WIDGET_STATES } from './components/klarna-step';

/** The app-wide key test covers common, pages and ui; this one covers the trade texts. */
const DIR = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-kit/.test(entry.name) ? [path] : [];
  });
}

const textAt = (tree: TextTree, key: string) =>
  key.split('.').reduce<string | TextTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

describe('trade texts', () => {
  const used = new Set(
    sources(DIR).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"](trade\.[\w.]+)['"]/g)].map((match) => match[1]!)),
  );

  it('finds the keys it checks', () => {
    expect(used.size).toBeGreaterThan(80);
  });

  it.each(['en', 'zh'] as const)('every key the trade feature uses has a %s text', (lng) => {
    expect([...used].filter((key) => typeof textAt(bundledTranslations[lng], key) !== 'string')).toEqual([]);
  });

  it("every key built at run time has a text: address refusals, limit periods, card refusals, Klarna's widget states", () => {
    const built = [
      ...ADDRESS_REJECTION_REASONS.map((reason) => `trade.address.rejected.${reason}`),
      ...LIMIT_PERIODS.map((period) => `trade.states.limit.${period}`),
      ...ADD_CARD_ERRORS.map((name) => `trade.card.errors.${wireCodeOf(name)}`),
      ...KLARNA_WIDGET_STATES.map((state) => `trade.klarna.state.${state}`),
    ];
    for (const lng of ['en', 'zh'] as const)
      expect(built.filter((key) => typeof textAt(bundledTranslations[lng], key) !== 'string')).toEqual([]);
  });

  it.each(['en', 'zh'] as const)('%s card rules take their numbers from the contracts (MAX_CARDS, CARD_READD_WAIT_HOURS)', (lng) => {
    expect(textAt(bundledTranslations[lng], 'trade.card.errors.CRD0000003')).toContain('{{max}}');
    expect(textAt(bundledTranslations[lng], 'trade.card.errors.CRD0000004')).toContain('{{hours}}');
  });

  it('zh uses the words chosen for the trade page', () => {
    const zh = (key: string) => textAt(bundledTranslations.zh, key);
    expect(zh('trade.promotion.offer')).toContain('手续费立减 {{rate}}%');
    expect(zh('trade.quote.spread')).toContain('价差');
    expect(zh('trade.states.limit.YEARLY')).toContain('年度限额');
  });
});
