import { describe, expect, it } from 'vitest';
import { isOrderId } from './order-rules.ts';
import { orderIdSchema } from './orders.ts';

describe('order rules (zod-free, for the web pages)', () => {
  it.each([
    '3f2a6c1e-8d4b-4e7a-9c1d-2b5e8f0a7c64',
    '3F2A6C1E-8D4B-4E7A-9C1D-2B5E8F0A7C64',
    '0190b6a4-7c1e-7d2a-8f3b-1c2d3e4f5a6b',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '3f2a6c1e-8d4b-0e7a-9c1d-2b5e8f0a7c64',
    '3f2a6c1e-8d4b-9e7a-9c1d-2b5e8f0a7c64',
    '3f2a6c1e-8d4b-4e7a-7c1d-2b5e8f0a7c64',
    '3f2a6c1e8d4b4e7a9c1d2b5e8f0a7c64',
    '3f2a6c1e-8d4b-4e7a-9c1d-2b5e8f0a7c6',
    ' 3f2a6c1e-8d4b-4e7a-9c1d-2b5e8f0a7c64',
    '3f2a6c1e-8d4b-4e7a-9c1d-2b5e8f0a7c64\n',
    'g f2a6c1e-8d4b-4e7a-9c1d-2b5e8f0a7c64',
    '',
  ])('%j is an order id exactly when orderIdSchema takes it', (value) => {
    expect(isOrderId(value)).toBe(orderIdSchema.safeParse(value).success);
  });
});
