import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_KINDS, SANDBOX_TOOL_KEYS } from '@causeway/contracts';
import { bundledTranslations, type TextTree } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { BUY_TEST_CARDS, PAYOUT_TEST_CARDS } from '@/features/sandbox/sandbox-test-data';
import { API_TOOLS, FLOW_PAGES } from '@/features/sandbox/sandbox-tools';
import { BLOCK_REASON_KEYS, describeBlock } from '@/features/status/block-reasons';
import { PORTAL_MENU } from './layouts/business-layout';

/** apps/web/src (a string path: jsdom's URL class is not one node:url accepts). */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const en = bundledTranslations.en;

/** Every source file of the app (tests and test helpers excluded). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The value at a dotted key of the English tree: a text, a subtree, or undefined. */
function lookUp(key: string): string | TextTree | undefined {
  let node: string | TextTree | undefined = en;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

const AREA = '(?:common|pages|ui|sandbox|home)';
/** `t('a.b')`: a literal key given to t. */
const T_CALL = /\bt\(\s*['"]([\w.]+)['"]/g;
/** `'common.x'`: a key literal anywhere (e.g. in a ternary inside t(...), or kept in a variable). */
const KEY_LITERAL = new RegExp(`['"](${AREA}\\.[\\w.]+)['"]`, 'g');
/** `` `pages.x.${...}` ``: a key built at run time; its static prefix is checked. */
const KEY_TEMPLATE = new RegExp(`\`(${AREA}\\.[\\w.]*?)\\.?\\$\\{`, 'g');

interface Use {
  key: string;
  file: string;
}

function scan(): { literal: Use[]; prefixes: Use[] } {
  const literal: Use[] = [];
  const prefixes: Use[] = [];
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(SRC, path);
    for (const [, key] of text.matchAll(T_CALL)) literal.push({ key: key!, file });
    for (const [, key] of text.matchAll(KEY_LITERAL)) literal.push({ key: key!, file });
    for (const [, prefix] of text.matchAll(KEY_TEMPLATE)) prefixes.push({ key: prefix!, file });
  }
  return { literal, prefixes };
}

describe('translation keys used in apps/web/src', () => {
  const { literal, prefixes } = scan();

  it('finds the keys it checks (the scan itself works)', () => {
    const keys = new Set(literal.map((use) => use.key));
    expect(keys.size).toBeGreaterThan(30);
    expect(keys).toContain('common.authError');
    expect(keys).toContain('common.expandMenu');
    expect(keys).toContain('pages.userBlocked.withCode');
    expect(prefixes.map((use) => use.key)).toContain('sandbox.tool');
  });

  it('every literal key has an English text', () => {
    const missing = literal.filter((use) => typeof lookUp(use.key) !== 'string').map((use) => `${use.key} (${use.file})`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('every prefix of a built key names a group of English texts', () => {
    const missing = prefixes.filter((use) => typeof lookUp(use.key) !== 'object').map((use) => `${use.key} (${use.file})`);
    expect(missing).toEqual([]);
  });
});

describe('translation keys built at run time', () => {
  const expectTexts = (keys: string[]) => expect(keys.filter((key) => typeof lookUp(key) !== 'string')).toEqual([]);

  it('every block reason, and the unknown one', () => {
    const reasonKeys = [...Object.keys(BLOCK_REASON_KEYS), null].map((code) => describeBlock(code).reasonKey);
    expectTexts(reasonKeys.map((reason) => `pages.userBlocked.reasons.${reason}`));
  });

  it("every sandbox tool name and description, the server's and the API's", () => {
    const keys = [...SANDBOX_TOOL_KEYS, ...API_TOOLS.map(({ key }) => key)];
    expectTexts(keys.flatMap((key) => [`sandbox.tool.${key}.name`, `sandbox.tool.${key}.description`]));
  });

  it('every sandbox page a flow opens, and what every test card does', () => {
    expectTexts(FLOW_PAGES.map((page) => `sandbox.flows.${page}`));
    expectTexts(BUY_TEST_CARDS.map((card) => `sandbox.cards.buy.${card.outcome}`));
    expectTexts(PAYOUT_TEST_CARDS.map((card) => `sandbox.cards.payout.${card.outcome}`));
  });

  it('every database kind', () => {
    expectTexts(DATABASE_KINDS.map((kind) => `sandbox.databaseKind.${kind}`));
  });

  it('every portal menu entry', () => {
    expectTexts(PORTAL_MENU.map(({ key }) => `common.portal.${key}`));
  });

  it('every services-unavailable audience', () => {
    expectTexts(['individual', 'independent', 'business'].map((audience) => `pages.servicesUnavailable.content.${audience}`));
  });
});
