import { describe, expect, it } from 'vitest';
import { addCardBodyOf, cardFormErrors, EMPTY_CARD_FORM, expiryOf, isUsableCard, maskedNumberOf } from './card-rules';
import { card } from './trade-test-kit';

const NOW = new Date('2026-11-22T12:00:00Z');
const VALID = {
  ...EMPTY_CARD_FORM,
  firstName: 'Ann',
  lastName: 'Lee',
  address: '1 Main St.',
  city: 'Berlin',
  postalCode: '10115',
  country: 'DE',
};

describe('card rules', () => {
  it('masks as docs/rules/limits.md says: first four of the BIN, stars, last four', () => {
    expect(maskedNumberOf(card({ cardBin: '555555', cardLast4: '4444' }))).toBe('5555 **** **** 4444');
    expect(expiryOf(card({ expiryMonth: 3, expiryYear: 2031 }))).toBe('03/31');
  });

  it('a valid billing address has no errors, and the body is the token and the address: no number, no CVV', () => {
    expect(cardFormErrors(VALID)).toEqual({});
    const body = addCardBodyOf({ ...VALID, firstName: ' Ann ' }, 'tok_abcdefghijklmnop');
    expect(body).toEqual({
      cardToken: 'tok_abcdefghijklmnop',
      channelCode: 'CHECKOUT',
      billingAddress: { firstName: 'Ann', lastName: 'Lee', address: '1 Main St.', city: 'Berlin', postalCode: '10115', country: 'DE' },
    });
    expect(Object.keys(body)).not.toContain('cardNumber');
  });

  it('names each field problem', () => {
    expect(cardFormErrors(EMPTY_CARD_FORM)).toEqual({
      firstName: 'trade.card.errors.text',
      lastName: 'trade.card.errors.text',
      address: 'trade.card.errors.text',
      city: 'trade.card.errors.text',
      postalCode: 'trade.card.errors.postalCode',
      country: 'trade.card.errors.country',
    });
    expect(cardFormErrors({ ...VALID, firstName: 'Ann<script>' })).toEqual({ firstName: 'trade.card.errors.text' });
  });

  it('a saved card pays only when enabled and not expired', () => {
    expect(isUsableCard(card({ expiryMonth: 11, expiryYear: 2026 }), NOW)).toBe(true);
    expect(isUsableCard(card({ expiryMonth: 10, expiryYear: 2026 }), NOW)).toBe(false);
    expect(isUsableCard(card({ enabled: false }), NOW)).toBe(false);
  });
});
