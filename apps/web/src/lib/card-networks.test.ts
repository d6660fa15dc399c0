import { describe, expect, it } from 'vitest';
import { cardNetworkName } from './card-networks';

describe('cardNetworkName', () => {
  it('names the networks as their brands do, and passes an unknown one through', () => {
    expect(cardNetworkName('VISA')).toBe('Visa');
    expect(cardNetworkName('MASTER')).toBe('Mastercard');
    expect(cardNetworkName('AMEX')).toBe('AMEX');
  });
});
