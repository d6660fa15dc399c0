import { describe, expect, it } from 'vitest';
import { cardFormErrors, EMPTY_CARD_FORM, expiryOf, formatCardNumber, formatExpiry, isUsableCard, maskedNumberOf, parseExpiry } from './card-rules';
import { card } from './trade-test-kit';

const NOW = new Date('2026-11-22T12:00:00Z');
const VALID = { ...EMPTY_CARD_FORM, cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvv: '123', firstName: 'Ann', lastName: 'Lee', address: '1 Main St.', city: 'Berlin', postalCode: '10115', country: 'DE' };

describe('card rules', () => {
  it('masks as spec §9 says: first four of the BIN, stars, last four', () => {
    expect(maskedNumberOf(card({ cardBin: '555555', cardLast4: '4444' }))).toBe('5555 **** **** 4444');
    expect(expiryOf(card({ expiryMonth: 3, expiryYear: 2031 }))).toBe('03/31');
  });

  it('formats the number and expiry as typed', () => {
    expect(formatCardNumber('42424242 4242-42424')).toBe('4242 4242 4242 4242 4');
    expect(formatCardNumber('4'.repeat(25))).toHaveLength(19 + 4);
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('parses MM/YY', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('1/30')).toBeNull();
  });

  it('a valid form has no errors; the card is valid through its expiry month', () => {
    expect(cardFormErrors(VALID, NOW)).toEqual({});
    expect(cardFormErrors({ ...VALID, expiry: '10/26' }, NOW)).toEqual({ expiry: 'trade.card.errors.expired' });
  });

  it('names each field problem', () => {
    expect(cardFormErrors(EMPTY_CARD_FORM, NOW)).toEqual({
      cardNumber: 'trade.card.errors.number', expiry: 'trade.card.errors.expiryFormat', cvv: 'trade.card.errors.cvv',
      firstName: 'trade.card.errors.text', lastName: 'trade.card.errors.text', address: 'trade.card.errors.text', city: 'trade.card.errors.text',
      postalCode: 'trade.card.errors.postalCode', country: 'trade.card.errors.country',
    });
    expect(cardFormErrors({ ...VALID, cardNumber: '4242 4242 4242 4241', cvv: '12345', firstName: 'Ann<script>' }, NOW)).toEqual({
      cardNumber: 'trade.card.errors.number', cvv: 'trade.card.errors.cvv', firstName: 'trade.card.errors.text',
    });
  });

  it('a saved card pays only when enabled and not expired', () => {
    expect(isUsableCard(card({ expiryMonth: 11, expiryYear: 2026 }), NOW)).toBe(true);
    expect(isUsableCard(card({ expiryMonth: 10, expiryYear: 2026 }), NOW)).toBe(false);
    expect(isUsableCard(card({ enabled: false }), NOW)).toBe(false);
  });
});
