import { describe, expect, it } from 'vitest';
import { testI18n } from '@/test/render';
import { copyrightEntity, copyrightText, ENTITY_LEGAL_NAMES } from './copyright';

describe('the copyright line by brand and entity (docs/rules/screens.md "User menu")', () => {
  it.each([
    ['en', 'causeway', 'PL', '© 2031 Causeway PL sp. z o.o.'],
    ['en', 'causeway', 'LI', '© 2031 Causeway LI AG'],
    ['en', 'roma', 'PL', '© 2031 Causeway PL sp. z o.o., provider of the crypto services for Roma'],
    ['en', 'roma', 'LI', '© 2031 Causeway LI AG, provider of the crypto services for Roma'],
    ['zh', 'causeway', 'PL', '© 2031 Causeway PL sp. z o.o. 版权所有。'],
    ['zh', 'causeway', 'LI', '© 2031 Causeway LI AG 版权所有。'],
    ['zh', 'roma', 'PL', '© 2031 Causeway PL sp. z o.o.，为 Roma 提供加密货币服务。'],
    ['zh', 'roma', 'LI', '© 2031 Causeway LI AG，为 Roma 提供加密货币服务。'],
  ] as const)('%s, %s brand, entity %s: %j', (lng, brand, entity, expected) => {
    const { t } = testI18n(lng);
    expect(copyrightText(t, { brand, entity, year: 2031 })).toBe(expected);
  });

  it('names each entity by its legal name, the same in every language', () => {
    expect(ENTITY_LEGAL_NAMES).toEqual({ PL: 'Causeway PL sp. z o.o.', LI: 'Causeway LI AG' });
  });

  it("takes the account's entity first, then the stored one, then LI", () => {
    expect(copyrightEntity('PL', 'LI')).toBe('PL');
    expect(copyrightEntity('LI', 'PL')).toBe('LI');
    expect(copyrightEntity(undefined, 'PL')).toBe('PL');
    expect(copyrightEntity(null, undefined)).toBe('LI');
    // An entity tag the contracts do not know is no entity: the stored one stands.
    expect(copyrightEntity('XX', 'PL')).toBe('PL');
  });
});
