import { describe, expect, it } from 'vitest';
import { referencesIn } from './bank-references.ts';
import { type CreditFacts, decideCredit } from './credit-decision.ts';

const NAMES: Record<string, string | null> = { ann: 'Ann Example', bob: 'Bob Sample', newcomer: null };
const facts = (over: Partial<CreditFacts> = {}): CreditFacts => ({
  currency: 'EUR',
  payerName: 'ANN EXAMPLE',
  account: { userId: 'ann', currency: 'EUR' },
  referencedPeople: [],
  referencedOrders: [],
  verifiedName: async (userId) => NAMES[userId] ?? null,
  namesMatch: (payer, verified) => payer.toLowerCase() === verified.toLowerCase(),
  balanceCurrencies: ['EUR', 'GBP'],
  ...over,
});

describe('what a bank credit becomes', () => {
  it('deposits money on a person’s own account from their own name, with or without a reference', async () => {
    expect(await decideCredit(facts())).toEqual({ outcome: 'DEPOSITED', userId: 'ann', orderId: null });
    expect(await decideCredit(facts({ account: null, referencedPeople: ['ann'] }))).toEqual({
      outcome: 'DEPOSITED',
      userId: 'ann',
      orderId: null,
    });
  });

  it('names the buy its reference carries, and none when it carries two', async () => {
    const one = [{ id: 'o1', userId: 'ann' }];
    expect(await decideCredit(facts({ account: null, referencedOrders: one }))).toEqual({
      outcome: 'DEPOSITED',
      userId: 'ann',
      orderId: 'o1',
    });
    const two = [...one, { id: 'o2', userId: 'ann' }];
    expect(await decideCredit(facts({ referencedOrders: two }))).toEqual({ outcome: 'DEPOSITED', userId: 'ann', orderId: null });
    // Bob's order reference on Ann's account: whose money is it? Neither, until an operator says.
    expect(await decideCredit(facts({ referencedOrders: [{ id: 'o3', userId: 'bob' }] }))).toMatchObject({ reason: 'CONFLICT' });
  });

  it('holds in suspense what names nobody, or two people', async () => {
    expect(await decideCredit(facts({ account: null }))).toEqual({ outcome: 'SUSPENSE', reason: 'UNKNOWN_PAYEE', userId: null });
    expect(await decideCredit(facts({ referencedPeople: ['bob'] }))).toEqual({ outcome: 'SUSPENSE', reason: 'CONFLICT', userId: null });
  });

  it('holds a third party’s payment, an unverified person’s, and a currency we keep no balance in', async () => {
    expect(await decideCredit(facts({ payerName: 'Mallory' }))).toMatchObject({ reason: 'PAYER_NAME', userId: 'ann' });
    expect(await decideCredit(facts({ account: { userId: 'newcomer', currency: 'EUR' } }))).toMatchObject({ reason: 'NOT_VERIFIED' });
    expect(await decideCredit(facts({ currency: 'GBP' }))).toMatchObject({ reason: 'CURRENCY', userId: 'ann' });
    expect(await decideCredit(facts({ currency: 'USD', account: null, referencedPeople: ['ann'] }))).toMatchObject({ reason: 'CURRENCY' });
  });
});

describe('references in a transfer’s text', () => {
  it('reads them through the case, spaces and punctuation banks add', () => {
    expect(referencesIn('cw-7k3m 9q2x')).toEqual(['CW7K3M9Q2X']);
    expect(referencesIn('Invoice CW7K3M9Q2X thanks, CW7K3M9Q2X')).toEqual(['CW7K3M9Q2X']);
    expect(referencesIn('')).toEqual([]);
    // I, L, O and U are not in the alphabet: a misread reference names nobody rather than someone else.
    expect(referencesIn('CW7K3M9Q2O')).toEqual([]);
  });
});
