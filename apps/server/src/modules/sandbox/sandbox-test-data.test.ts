import { describe, expect, it } from 'vitest';
// The web app's sandbox page shows this data; the browser may not import the server's lists, so the server checks them here.
import { BUY_TEST_CARDS, DEMO_ACCOUNTS, PAYOUT_TEST_CARDS } from '../../../../web/src/features/sandbox/sandbox-test-data.ts';
import { ENTRY_CONFIG_SEEDS } from '../../db/seed/catalogue.ts';
import { DEMO_ACCOUNTS as SEEDED_ACCOUNTS, DEMO_PASSWORD } from '../../demo/demo-accounts.ts';
import { SANDBOX_PAYOUT_CARDS, SANDBOX_TEST_CARDS } from '../../providers/card-processor/sandbox-cards.ts';
import { DEMO_MERCHANT } from '../merchant/demo-merchant.ts';

const digits = (number: string) => number.replace(/ /g, '');
const byDigits = (cards: ReadonlyArray<{ number: string; outcome: string }>) =>
  Object.fromEntries(cards.map((card) => [digits(card.number), card.outcome]));

describe("the sandbox page's test data (apps/web/src/features/sandbox/sandbox-test-data.ts)", () => {
  it("lists every test card of the sandbox processor with what it does, in groups of four, and each card's network", () => {
    expect(byDigits(BUY_TEST_CARDS)).toEqual(SANDBOX_TEST_CARDS);
    expect(byDigits(PAYOUT_TEST_CARDS)).toEqual(SANDBOX_PAYOUT_CARDS);
    for (const card of [...BUY_TEST_CARDS, ...PAYOUT_TEST_CARDS]) {
      expect(card.number).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
      expect(card.network).toBe(card.number.startsWith('4') ? 'VISA' : 'MASTER');
    }
  });

  it('names the seeded demo accounts, their password and the demo merchant', () => {
    expect(DEMO_ACCOUNTS.password).toBe(DEMO_PASSWORD);
    expect(SEEDED_ACCOUNTS).toEqual([
      { email: DEMO_ACCOUNTS.individual, userType: 'Individual' },
      { email: DEMO_ACCOUNTS.business, userType: 'Corporate' },
    ]);
    expect(DEMO_ACCOUNTS.merchant).toMatchObject({ apiKey: DEMO_MERCHANT.apiKey, secret: DEMO_MERCHANT.secret });
    expect(ENTRY_CONFIG_SEEDS.map((seed) => seed.merchantCode)).toContain(DEMO_ACCOUNTS.merchant.code);
  });
});
