import { describe, expect, it } from 'vitest';
import { TRACE_LIMITS, TRACE_REDACTED, looksSecret, redactTraceText } from './telemetry-rules.ts';
import { traceBatchSchema } from './telemetry.ts';

const event = (overrides: Record<string, unknown> = {}) => ({
  uuid: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  elementId: 'trade.continue',
  at: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

describe('the trace redaction rule', () => {
  it.each([
    ['a card number', 'paid with 4111111111111111'],
    ['a card number in groups of four', 'card 4111 1111 1111 1111 declined'],
    ['a card number with dashes', '5555-5555-5555-4444'],
    ['a 15-digit card number', 'amex 378282246310005'],
    ['a card number glued to its expiry', '41111111111111111228'],
    ['a six-digit code', 'code 123456 sent'],
    ['a six-digit code in two halves', 'typed 123 456'],
    ['an email address', 'signed in as jane.doe+shop@example.co.uk'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['a bearer header', 'Authorization: Bearer abc.def.ghi-jkl'],
    ['a session token', 'token=Zq3vY0m4N1b8LwQ2rT6xK9pH5sD7fG1aJ3cE8uI0oP2'],
    ['a merchant secret key', 'sk_live_abc'],
  ])('finds %s', (_what, text) => {
    expect(looksSecret(text)).toBe(true);
    expect(redactTraceText(text)).toBe(TRACE_REDACTED);
  });

  it.each([
    ['a dotted element name', 'trade.continue'],
    ['a plain message', 'quote expired, asked for a new one'],
    ['an order id', 'order 6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'],
    ['a number that fails Luhn', '4111111111111112'],
    ['an amount and a date', 'EUR 250.00 on 2026-01-02'],
    ['a five-digit and a seven-digit number', '12345 1234567'],
    ['a long snake_case name with a digit', 'trade_form_submit_button_variant_2'],
    ['an API path', '/prod-api/capi/v1/customer/order/list-currency'],
  ])('leaves %s alone', (_what, text) => {
    expect(looksSecret(text)).toBe(false);
    expect(redactTraceText(text)).toBe(text);
  });
});

describe('the trace batch schema', () => {
  it('accepts a batch of up to 50 events with optional parts', () => {
    const events = Array.from({ length: TRACE_LIMITS.eventsPerBatch }, () => event({ subElementId: 'CARD', message: 'ready' }));
    expect(traceBatchSchema.safeParse({ events }).success).toBe(true);
    expect(traceBatchSchema.safeParse({ events: [event()] }).success).toBe(true);
  });

  it.each([
    ['more than 50 events', { events: Array.from({ length: TRACE_LIMITS.eventsPerBatch + 1 }, () => event()) }],
    ['no event', { events: [] }],
    ['an elementId with a space', { events: [event({ elementId: 'trade continue' })] }],
    ['an elementId of 65 characters', { events: [event({ elementId: 'a'.repeat(65) })] }],
    ['a subElementId of 65 characters', { events: [event({ subElementId: 'a'.repeat(65) })] }],
    ['a message of 501 characters', { events: [event({ message: 'a'.repeat(501) })] }],
    ['a uuid that is none', { events: [event({ uuid: 'nope' })] }],
    ['a time that is no ISO time', { events: [event({ at: 'yesterday' })] }],
  ])('refuses %s', (_what, batch) => {
    expect(traceBatchSchema.safeParse(batch).success).toBe(false);
  });
});
