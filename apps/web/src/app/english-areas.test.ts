import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledEnglish } from '@causeway/translations';
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/test/render';

/** apps/web/src (a string path: jsdom's URL class is not one node:url accepts). */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The English areas a feature brings with its pages (features/<feature>/texts.ts), out of every
 * page's first load (issue 16). The other areas are lib/i18n.ts's, there from the start.
 */
const FEATURE_AREAS: Record<string, string[]> = {
  trade: ['trade'],
  orders: ['orders', 'banking', 'bankOrders'],
  risk: ['risk'],
  help: ['help', 'helpForm'],
  home: ['home'],
  sandbox: ['sandbox'],
  'merchant-console': ['merchantConsole'],
  'bank-accounts': ['bankAccounts'],
  'business-verification': ['kyb'],
  portal: ['portal'],
  // The identity provider's button and callback page: a folder of the auth feature with its own texts.
  'auth/oauth': ['oauth'],
  'promotion-email': ['promotionEmail'],
  agreements: ['agreements'],
  desk: ['desk'],
  questionnaire: ['questionnaire'],
  edd: ['edd'],
  // The UK risk notice and service-upgrade-complete (docs/rules/uk-and-countries.md).
  availability: ['availability'],
};
const FIRST_LOAD_AREAS = ['common', 'ui', 'pages', 'auth', 'security', 'verification'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/test-kit|fixtures/.test(entry.name) ? [path] : [];
  });
}

describe("the English texts travel with their feature's pages", () => {
  it('every area is there from the start or brought by one feature', () => {
    expect([...FIRST_LOAD_AREAS, ...Object.values(FEATURE_AREAS).flat()].sort()).toEqual(Object.keys(bundledEnglish).sort());
    expect(Object.keys(testI18n().getResourceBundle('en', 'translation')).sort()).toEqual(expect.arrayContaining(FIRST_LOAD_AREAS.sort()));
  });

  it.each(Object.entries(FEATURE_AREAS))(
    '%s: its modules take useTranslation from its texts.ts, and no other module uses its areas',
    (feature, areas) => {
      const home = join(SRC, 'features', feature);
      const keyOfArea = new RegExp(`['"\`](?:${areas.join('|')})\\.[\\w$]`);
      for (const file of sourceFiles(SRC)) {
        const source = readFileSync(file, 'utf8');
        const name = relative(SRC, file);
        if (file.startsWith(home + '/')) {
          if (!/\buseTranslation\(/.test(source) || file === join(home, 'texts.ts')) continue;
          const fromTexts = new RegExp(`import \\{ useTranslation \\} from '(?:\\.\\./)*(?:\\./)?texts'`);
          expect(source, `${name} takes useTranslation from react-i18next, without its English texts`).toMatch(fromTexts);
        } else {
          expect(keyOfArea.test(source), `${name} shows texts of ${areas.join(', ')}, which come with the ${feature} pages only`).toBe(
            false,
          );
        }
      }
    },
  );
});
