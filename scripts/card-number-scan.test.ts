import { describe, expect, it } from 'vitest';
import { findCardNumbers, findKnownCardNumbers } from './card-number-scan.ts';

describe('findCardNumbers', () => {
  it('finds the sandbox test cards however they are written', () => {
    expect(findCardNumbers('{"cardNumber":"4242424242424242"}')).toHaveLength(1);
    expect(findCardNumbers('card 4000 0000 0000 3220 used')).toHaveLength(1);
    expect(findCardNumbers('5555-5555-5555-4444')).toHaveLength(1);
    expect(findCardNumbers('amex 378282246310005.')).toHaveLength(1);
  });

  it('leaves alone what only looks long: masks, timestamps, hashes, fractions, ids, non-Luhn runs', () => {
    const noise = [
      '4242 **** **** 4242',
      '"time":1763790000000',
      '0x4242424242424242424242424242424242424242424242424242424242424242',
      'a4242424242424242f',
      '"price":"57823.456789120000000000"',
      'usr_4242424242424242',
      '4242424242424241',
      '424242424242',
    ].join(' ');
    expect(findCardNumbers(noise)).toEqual([]);
  });
});

describe('findCardNumbers and ids', () => {
  it('leaves a UUID alone whose first groups happen to be Luhn-valid digits (seen once in CI: an order id)', () => {
    expect(findCardNumbers('"orderId":"23539154-9686-1145-9abc-def012345678" and 23539154-9686-1145-9686-114523539154')).toEqual([]);
    expect(findCardNumbers('Amex 3782 822463 10005 and 4242-4242-4242-4242')).toHaveLength(2);
  });
});

describe('findKnownCardNumbers', () => {
  const cards = ['4242424242424242', '4000000000003220'];
  it('finds a test card the suite typed even where the general scan stands back (glued to an id)', () => {
    expect(findCardNumbers('pan_4242424242424242')).toEqual([]);
    expect(findKnownCardNumbers('pan_4242424242424242', cards)).toEqual(['424242…4242 (a test card)']);
    expect(findKnownCardNumbers('x4000-0000-0000-3220y', cards)).toEqual(['400000…3220 (a test card)']);
  });

  it('leaves masks and the bin and last four apart alone', () => {
    expect(findKnownCardNumbers('4242 **** **** 4242 card_bin 424242 card_last4 4242', cards)).toEqual([]);
  });
});
