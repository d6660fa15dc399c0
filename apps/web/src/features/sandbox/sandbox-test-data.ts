/**
 * The sandbox's test data as the sandbox page shows it: docs/sandbox.md's cards and demo accounts.
 * Written once, here. The browser may not import the server's own lists (scripts/check-imports.ts),
 * so the server checks this file against them instead
 * (apps/server/src/modules/sandbox/sandbox-test-data.test.ts). No imports: the server's test reads
 * it as it is.
 */

/** What a card does when a buy is paid with it (the server's SandboxCardBehaviour). */
export type BuyCardOutcome = 'AUTHORIZE' | 'CHALLENGE' | 'DECLINE' | 'INSUFFICIENT_FUNDS' | 'TIMEOUT' | 'PARTIAL' | 'DISPUTE';

/** What a card does when a sell is paid out to it (the server's SandboxPayoutBehaviour). */
export type PayoutCardOutcome = 'SLOW' | 'DECLINE' | 'NOT_ELIGIBLE' | 'LIMIT_EXCEEDED' | 'TIMEOUT';

export interface TestCard<Outcome extends string> {
  /** As typed, in groups of four. */
  number: string;
  network: 'VISA' | 'MASTER';
  outcome: Outcome;
}

/** docs/sandbox.md "Cards": any other Luhn-valid VISA or Mastercard number is authorised like 4242. */
export const BUY_TEST_CARDS: ReadonlyArray<TestCard<BuyCardOutcome>> = [
  { number: '4242 4242 4242 4242', network: 'VISA', outcome: 'AUTHORIZE' },
  { number: '5555 5555 5555 4444', network: 'MASTER', outcome: 'AUTHORIZE' },
  { number: '4000 0000 0000 3220', network: 'VISA', outcome: 'CHALLENGE' },
  { number: '4000 0000 0000 0002', network: 'VISA', outcome: 'DECLINE' },
  { number: '4000 0000 0000 9995', network: 'VISA', outcome: 'INSUFFICIENT_FUNDS' },
  { number: '4000 0000 0000 0119', network: 'VISA', outcome: 'TIMEOUT' },
  { number: '5200 0000 0000 0007', network: 'MASTER', outcome: 'PARTIAL' },
  { number: '4000 0000 0000 0259', network: 'VISA', outcome: 'DISPUTE' },
];

/** docs/sandbox.md "Payouts (selling to a card)": every other card is paid. */
export const PAYOUT_TEST_CARDS: ReadonlyArray<TestCard<PayoutCardOutcome>> = [
  { number: '4000 0000 0000 0077', network: 'VISA', outcome: 'SLOW' },
  { number: '4000 0000 0000 0002', network: 'VISA', outcome: 'DECLINE' },
  { number: '4151 5127 3630 5999', network: 'VISA', outcome: 'NOT_ELIGIBLE' },
  { number: '4556 2945 9375 7189', network: 'VISA', outcome: 'LIMIT_EXCEEDED' },
  { number: '4000 0000 0000 0119', network: 'VISA', outcome: 'TIMEOUT' },
];

/** docs/sandbox.md "Demo accounts and merchant": seeded only where the sandbox tools are. */
export const DEMO_ACCOUNTS = {
  password: 'Causeway-demo-2026!',
  individual: 'demo@causeway.test',
  business: 'business@causeway.test',
  merchant: { code: 'demo-merchant', apiKey: 'pk_sandbox_demo', secret: 'sk_sandbox_demo' },
} as const;
