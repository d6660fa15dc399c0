import { errorEnvelopeSchema } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { errorDataOf } from './trade-errors';

const refusal = (data: unknown) => new ApiError({ kind: 'business', path: '/x', msg: 'No', code: 'ODR00001003', data });

describe('errorDataOf (the envelope data the contracts allow, checked without Zod)', () => {
  it.each([
    [{ minAmount: '20', maxAmount: '80', currency: 'EUR' }],
    [{}],
    [null],
    [undefined],
    [{ minAmount: 20 }],
    [{ reason: 'CHECKSUM', field: null }],
    [['20', '80']],
    ['20'],
    [42],
    [new Date(0)],
  ])('%j: what errorEnvelopeSchema takes, else {}', (data) => {
    const parsed = errorEnvelopeSchema.shape.data.safeParse(data);
    expect(errorDataOf(refusal(data))).toEqual(parsed.success && parsed.data ? parsed.data : {});
  });

  it('is {} for anything but an answer of the server', () => {
    expect(errorDataOf(new Error('boom'))).toEqual({});
  });
});
