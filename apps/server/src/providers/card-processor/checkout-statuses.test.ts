import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from './card-processor.ts';
import { paymentFromCheckout } from './checkout-payment.ts';
import { checkoutFixture } from './fixtures/checkout/fake-checkout.ts';

// Every status Checkout.com's API reference and SDKs list for a payment (GET /payments/{id}:
// Pending, Authorized, Card Verified, Voided, Partially Captured, Captured, Partially Refunded,
// Refunded, Declined, Canceled/Cancelled, Expired, Paid; and Requested, Active, Retry Scheduled,
// Authentication Requested), read from the documented payment details answer (fixtures/checkout)
// with only its status changed: what checkout-payment.ts says each one is for us.
const documented = () => checkoutFixture<Record<string, unknown>>('payment-details.response');
const withStatus = (status: string, extra: Record<string, unknown> = {}) => ({ ...documented(), status, ...extra });
const REDIRECT = { href: 'https://api.sandbox.checkout.com/3ds/pay_mbabizu24mvu3mela5njyhpit4' };
const withRedirect = (status: string) => {
  const payment = documented();
  return { ...payment, status, _links: { ...(payment._links as object), redirect: REDIRECT } };
};

describe("Checkout.com's payment statuses", () => {
  it.each<[string, PaymentStatus]>([
    ['Pending', 'PENDING'],
    ['Authentication Requested', 'PENDING'],
    ['Requested', 'PENDING'],
    ['Active', 'PENDING'],
    ['Retry Scheduled', 'PENDING'],
    ['Authorized', 'AUTHORIZED'],
    ['Card Verified', 'AUTHORIZED'],
    ['Declined', 'DECLINED'],
    ['Captured', 'CAPTURED'],
    ['Partially Captured', 'CAPTURED'],
    ['Partially Refunded', 'CAPTURED'],
    ['Paid', 'CAPTURED'],
    ['Refunded', 'REFUNDED'],
    ['Voided', 'VOIDED'],
    ['Canceled', 'VOIDED'],
    ['Cancelled', 'VOIDED'],
    ['Expired', 'VOIDED'],
  ])('reads %s as %s', (status, ours) => {
    expect(paymentFromCheckout(withStatus(status)).status).toBe(ours);
  });

  it('reads a status it does not know (one Checkout.com adds later) as PENDING, asked again later, never thrown on', () => {
    for (const status of ['Chargeback', 'Refund Pending', 'Something New']) {
      const payment = paymentFromCheckout(withStatus(status));
      expect(payment).toMatchObject({ status: 'PENDING', authorizedAmount: null, challengeUrl: null, declineReason: null });
    }
  });

  it('reads Pending with a redirect link as the 3DS challenge at that link, and without one as PENDING', () => {
    expect(paymentFromCheckout(withRedirect('Pending'))).toMatchObject({
      status: 'CHALLENGE_REQUIRED',
      challengeUrl: REDIRECT.href,
      authorizedAmount: null,
    });
    expect(paymentFromCheckout(withStatus('Pending'))).toMatchObject({ status: 'PENDING', challengeUrl: null, authorizedAmount: null });
  });

  it('reads Authentication Requested the same way: a challenge with a redirect, PENDING without', () => {
    expect(paymentFromCheckout(withRedirect('Authentication Requested'))).toMatchObject({
      status: 'CHALLENGE_REQUIRED',
      challengeUrl: REDIRECT.href,
    });
    expect(paymentFromCheckout(withStatus('Authentication Requested')).status).toBe('PENDING');
  });

  it('takes a redirect link as a challenge only while the payment waits on the person (never for Authorized or an unknown status)', () => {
    expect(paymentFromCheckout(withRedirect('Authorized'))).toMatchObject({ status: 'AUTHORIZED', challengeUrl: null });
    expect(paymentFromCheckout(withRedirect('Requested'))).toMatchObject({ status: 'PENDING', challengeUrl: null });
    expect(paymentFromCheckout(withRedirect('Something New'))).toMatchObject({ status: 'PENDING', challengeUrl: null });
  });

  it('reads Paid as CAPTURED with what was authorised, the amount it asked for', () => {
    expect(paymentFromCheckout(withStatus('Paid'))).toEqual({
      paymentId: 'pay_mbabizu24mvu3mela5njyhpit4',
      reference: 'ORD-5023-4E89',
      status: 'CAPTURED',
      amount: '65.40',
      currency: 'USD',
      authorizedAmount: '65.40',
      challengeUrl: null,
      declineReason: null,
    });
  });

  it('refuses an answer without a status (a broken answer, not a new status)', () => {
    const { status: _status, ...withoutStatus } = documented();
    expect(() => paymentFromCheckout(withoutStatus)).toThrow('Checkout.com answered a payment without id or status');
  });
});
