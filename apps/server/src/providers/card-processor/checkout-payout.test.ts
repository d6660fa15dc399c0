import { describe, expect, it } from 'vitest';
import { CardRefusedError, ProcessorTimeoutError, ProcessorUnavailableError } from './card-processor.ts';
import { type CheckoutCardProcessorOptions, createCheckoutCardProcessor } from './checkout.ts';
import { checkoutFixture } from './fixtures/checkout/fake-checkout.ts';
import { failureOf, type Reply, stubFetch } from './fixtures/checkout/stub-fetch.ts';

// Checkout.com card payouts through answers shaped as its documentation shows them (see
// checkout-payout.ts for the page each comes from). payout-pending is the 202 of the bank payouts
// testing example; payout-paid and payout-declined are GET /payments/{id} built from the data of the
// card payouts payment_paid and payment_declined webhook examples (currency DKK made EUR, which our
// cards take); payout-actions-declined is GET /payments/{id}/actions in the shape of its
// documented example, with the declined webhook's response code.
const SECRET_KEY = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const PUBLIC_KEY = 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=';
const PAYOUT_CONFIG = {
  payoutCurrencyAccountId: 'ca_ux6najg5mnqexjs2jezz6gwseu',
  payoutFundsTransferType: 'C07',
  processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
};

function setup(replies: Reply[], overrides: Partial<CheckoutCardProcessorOptions> = {}) {
  const { fetchImpl, calls } = stubFetch(replies);
  const processor = createCheckoutCardProcessor({
    secretKey: SECRET_KEY,
    publicKey: PUBLIC_KEY,
    fetchImpl,
    ...PAYOUT_CONFIG,
    ...overrides,
  });
  return { processor, calls };
}

const payoutInput = {
  idempotencyKey: 'ord_9Kd3:payout',
  reference: 'ORD-752-815',
  cardToken: 'src_wmlfc3zyhqzehihu7giusaaawu',
  amount: '10.00',
  currency: 'EUR',
};
const declined = checkoutFixture('payout-declined.response');
const actions = (responseCode: string) => [
  { ...checkoutFixture<object[]>('payout-actions-declined.response')[0], response_code: responseCode },
];

describe('Checkout.com: payout (a card payout from the currency account)', () => {
  it('posts the payout with the idempotency key and reads the 202 as PENDING, with the amount it asked for', async () => {
    const { processor, calls } = setup([{ status: 202, body: checkoutFixture('payout-pending.response') }]);
    const payout = await processor.payout(payoutInput);
    expect(calls).toEqual([
      {
        url: 'https://api.sandbox.checkout.com/payments',
        method: 'POST',
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'cko-idempotency-key': 'ord_9Kd3:payout',
        },
        body: checkoutFixture('payout.request'),
      },
    ]);
    expect(payout).toEqual({
      payoutId: 'pay_3tbq6nwlgy7epjf6lsafzejlqq',
      reference: 'ORD-752-815',
      status: 'PENDING',
      amount: '10.00',
      currency: 'EUR',
      declineReason: null,
    });
  });

  it('leaves out the instruction and the processing channel when the account has none', async () => {
    const { processor, calls } = setup([{ status: 202, body: checkoutFixture('payout-pending.response') }], {
      payoutFundsTransferType: undefined,
      processingChannelId: undefined,
    });
    await processor.payout(payoutInput);
    const { instruction: _instruction, processing_channel_id: _channel, ...rest } = checkoutFixture('payout.request');
    expect(calls[0]?.body).toEqual(rest);
  });

  it('is unavailable without a currency account, and sends nothing', async () => {
    const { processor, calls } = setup([], { payoutCurrencyAccountId: undefined });
    const error = await failureOf(processor.payout(payoutInput));
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
    expect(error.message).toContain('CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID');
    expect(calls).toEqual([]);
    expect(() => setup([], { payoutCurrencyAccountId: 'acct-1' })).toThrow('CHECKOUT_PAYOUT_CURRENCY_ACCOUNT_ID');
  });

  it('never sends what is not a saved card (a card number, a card-fields token): TOKEN_INVALID without a call', async () => {
    const { processor, calls } = setup([]);
    for (const cardToken of ['4543474002249996', 'tok_asoto22g2sadh7hm3ttchv5y6y', 'src_../instruments'])
      await expect(processor.payout({ ...payoutInput, cardToken })).rejects.toEqual(new CardRefusedError('TOKEN_INVALID'));
    expect(calls).toEqual([]);
  });

  it('reads a 422 about the card (the documented refusal of an ineligible card) as REFUSED: no payout exists', async () => {
    const { processor } = setup([
      { status: 422, body: { request_id: '0HL80RJLS76I9', error_type: 'request_invalid', error_codes: ['card_disabled'] } },
    ]);
    await expect(processor.payout(payoutInput)).rejects.toEqual(new CardRefusedError('REFUSED'));
  });

  it('reads a 422 about our own balance as unavailable (top up, then the same key pays), naming the code', async () => {
    const { processor } = setup([{ status: 422, body: checkoutFixture('error-422-amount-exceeds-balance') }]);
    const error = await failureOf(processor.payout(payoutInput));
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
    expect(error.message).toContain('amount_exceeds_balance');
    expect(error.message).not.toContain(SECRET_KEY);
  });

  it('gives up after its timeout: the payout may exist, so it is a ProcessorTimeoutError', async () => {
    const { processor } = setup([{ hang: true }], { timeoutMs: 20 });
    await expect(processor.payout(payoutInput)).rejects.toBeInstanceOf(ProcessorTimeoutError);
  });
});

describe('Checkout.com: reading payouts', () => {
  it('gets a paid payout by id with its own amount and currency', async () => {
    const { processor, calls } = setup([{ status: 200, body: checkoutFixture('payout-paid.response') }]);
    expect(await processor.getPayout('pay_fk234x52k6i4rmjmqnzx474fqi')).toEqual({
      payoutId: 'pay_fk234x52k6i4rmjmqnzx474fqi',
      reference: 'example payout',
      status: 'PAID',
      amount: '1.15',
      currency: 'EUR',
      declineReason: null,
    });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET https://api.sandbox.checkout.com/payments/pay_fk234x52k6i4rmjmqnzx474fqi',
    ]);
  });

  it.each([
    ['20005', 'DECLINED'],
    ['20057', 'CARD_NOT_ELIGIBLE'],
    ['20062', 'CARD_NOT_ELIGIBLE'],
    ['20061', 'LIMIT_EXCEEDED'],
    ['20065', 'LIMIT_EXCEEDED'],
  ])('reads a declined payout by its refused action (%s) as %s', async (responseCode, reason) => {
    const { processor, calls } = setup([
      { status: 200, body: declined },
      { status: 200, body: actions(responseCode) },
    ]);
    expect(await processor.getPayout('pay_3tg7yzq34lmmpdn2exmgjm4fvm')).toEqual({
      payoutId: 'pay_3tg7yzq34lmmpdn2exmgjm4fvm',
      reference: 'example payout',
      status: 'DECLINED',
      amount: '200.05',
      currency: 'EUR',
      declineReason: reason,
    });
    expect(calls[1]?.url).toBe('https://api.sandbox.checkout.com/payments/pay_3tg7yzq34lmmpdn2exmgjm4fvm/actions');
  });

  it('takes the response code of the payout itself when it carries one (no actions call)', async () => {
    const { processor, calls } = setup([{ status: 200, body: { ...declined, response_code: '20061' } }]);
    expect((await processor.getPayout('pay_3tg7yzq34lmmpdn2exmgjm4fvm')).declineReason).toBe('LIMIT_EXCEEDED');
    expect(calls).toHaveLength(1);
  });

  it('refuses a status a payout does not have, an unknown id (404) and a malformed id', async () => {
    const { processor, calls } = setup([{ status: 200, body: checkoutFixture('payment-details.response') }, { status: 404 }]);
    await expect(processor.getPayout('pay_mbabizu24mvu3mela5njyhpit4')).rejects.toThrow('status we do not know for a payout: Authorized');
    await expect(processor.getPayout('pay_unknown0000000000000000')).rejects.toThrow(
      'Checkout.com has no payout pay_unknown0000000000000000',
    );
    await expect(processor.getPayout('../instruments/src_x')).rejects.toThrow('is not a Checkout.com payout id');
    expect(calls).toHaveLength(2);
  });

  it('finds the newest payout of a reference, passing over a card payment with the same reference', async () => {
    const payment = checkoutFixture<{ data: object[] }>('payments-list.response').data[0];
    const list = { limit: 10, skip: 0, total_count: 2, data: [payment, checkoutFixture('payout-paid.response')] };
    const { processor, calls } = setup([
      { status: 200, body: list },
      { status: 200, body: checkoutFixture('payout-paid.response') },
    ]);
    expect(await processor.findPayout('example payout')).toMatchObject({ payoutId: 'pay_fk234x52k6i4rmjmqnzx474fqi', status: 'PAID' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET https://api.sandbox.checkout.com/payments?limit=10&skip=0&reference=example+payout',
      'GET https://api.sandbox.checkout.com/payments/pay_fk234x52k6i4rmjmqnzx474fqi',
    ]);
  });

  it('answers null when no payout has the reference (after a timeout, nothing was paid)', async () => {
    const { processor } = setup([{ status: 200, body: checkoutFixture('payments-list.response') }]);
    expect(await processor.findPayout('ORD-5023-4E89')).toBeNull();
  });
});
