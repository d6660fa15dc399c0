import { describe, expect, it } from 'vitest';
import { CardRefusedError, ProcessorTimeoutError, ProcessorUnavailableError, type SaveCardInput } from './card-processor.ts';
import { type CheckoutCardProcessorOptions, createCheckoutCardProcessor } from './checkout.ts';
import { checkoutFixture } from './fixtures/checkout/fake-checkout.ts';
import { failureOf, type Reply, stubFetch } from './fixtures/checkout/stub-fetch.ts';

// Checkout.com through answers copied from its documentation's examples (fixtures/checkout; see
// checkout.ts for the page each comes from): a fetch that checks what the adapter sends.
const SECRET_KEY = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const PUBLIC_KEY = 'pk_sbox_xg66bnn6tpspd6pt3psc7otrqa=';
const CARD_NUMBER = '4543474002249996';
const CVV = '956';

function setup(replies: Reply[], overrides: Partial<CheckoutCardProcessorOptions> = {}) {
  const { fetchImpl, calls } = stubFetch(replies);
  const processor = createCheckoutCardProcessor({ secretKey: SECRET_KEY, publicKey: PUBLIC_KEY, fetchImpl, ...overrides });
  return { processor, calls };
}

/** What add-card hands the adapter: the token Flow's card component made in the browser (the documentation's example), and the billing address. */
const saveInput: SaveCardInput = {
  cardToken: 'tok_asoto22g2sadh7hm3ttchv5y6y',
  billingAddress: { firstName: 'Bruce', lastName: 'Wayne', address: 'Checkout.com', city: 'London', postalCode: 'W1T 4TJ', country: 'GB' },
};
const authorizeInput = {
  idempotencyKey: 'ord_7Hq2:authorize',
  reference: 'ORD-752-814',
  cardToken: 'src_wmlfc3zyhqzehihu7giusaaawu',
  amount: '1.00',
  currency: 'USD',
  successUrl: 'https://pay.example.test/orders/ORD-752-814?result=ok',
  failureUrl: 'https://pay.example.test/orders/ORD-752-814?result=failed',
};

describe('Checkout.com: saveCard (an instrument from the Flow token)', () => {
  it('sends only the token and the account holder to POST /instruments with the secret key, and keeps the instrument', async () => {
    const { processor, calls } = setup([{ status: 201, body: checkoutFixture('instrument.response') }]);
    const tokenized = await processor.saveCard(saveInput);
    expect(calls).toEqual([
      {
        url: 'https://api.sandbox.checkout.com/instruments',
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, accept: 'application/json', 'content-type': 'application/json' },
        body: checkoutFixture('instrument-from-token.request'),
      },
    ]);
    expect(tokenized).toEqual({
      token: 'src_wmlfc3zyhqzehihu7giusaaawu',
      fingerprint: 'vnsdrvikkvre3dtrjjvlm5du4q',
      cardBin: '454347',
      cardLast4: '9996',
      cardProcessor: 'VISA',
      issuerBank: 'GOTHAM STATE BANK',
      country: 'US',
      expiryMonth: 6,
      expiryYear: 2025,
    });
  });

  it('never builds a request with a card number or CVV (PCI DSS SAQ A): no /tokens call, no number, no cvv key', async () => {
    const { processor, calls } = setup([{ status: 201, body: checkoutFixture('instrument.response') }]);
    await processor.saveCard(saveInput);
    const sent = JSON.stringify(calls);
    expect(calls.map((call) => call.url)).not.toContain('https://api.sandbox.checkout.com/tokens');
    expect(sent).not.toContain(CARD_NUMBER);
    expect(sent).not.toMatch(/"(number|cvv|cvc)"/);
  });

  it('answers a documented 422 (token_invalid: unknown, expired or used) as TOKEN_INVALID', async () => {
    const { processor } = setup([{ status: 422, body: checkoutFixture('error-422-token-invalid') }]);
    await expect(processor.saveCard(saveInput)).rejects.toEqual(new CardRefusedError('TOKEN_INVALID'));
  });

  it('refuses what is not a card token without calling Checkout.com (a card number passed as a token never leaves)', async () => {
    const { processor, calls } = setup([]);
    for (const cardToken of [CARD_NUMBER, 'src_wmlfc3zyhqzehihu7giusaaawu', 'tok_../instruments']) {
      await expect(processor.saveCard({ ...saveInput, cardToken })).rejects.toEqual(new CardRefusedError('TOKEN_INVALID'));
    }
    expect(calls).toEqual([]);
  });

  it('refuses a card of a network we do not take (the instrument says American Express)', async () => {
    const { processor } = setup([
      { status: 201, body: { ...checkoutFixture<Record<string, unknown>>('instrument.response'), scheme: 'AMEX' } },
    ]);
    await expect(processor.saveCard(saveInput)).rejects.toEqual(new CardRefusedError('UNSUPPORTED_NETWORK'));
  });
});

/** What the card-fields-session call hands the adapter. */
const cardEntryInput = {
  reference: 'cfs_7rj3m2xq9t4kzv8wp1nd6h',
  billingCountry: 'GB',
  currency: 'GBP',
  returnUrl: 'https://pay.example.test/add-card',
};

describe('Checkout.com: startCardEntry (the Payment Session Flow tokenises in)', () => {
  it('requests a Payment Session of amount 0 for the card only with the secret key, and answers its id, token and secret', async () => {
    const { processor, calls } = setup([{ status: 201, body: checkoutFixture('payment-session.response') }], {
      processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
    });
    const session = await processor.startCardEntry(cardEntryInput);
    expect(calls).toEqual([
      {
        url: 'https://api.sandbox.checkout.com/payment-sessions',
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, accept: 'application/json', 'content-type': 'application/json' },
        body: checkoutFixture('payment-session.request'),
      },
    ]);
    const answer = checkoutFixture<Record<string, string>>('payment-session.response');
    expect(session).toEqual({
      id: 'ps_2Un6I6lRpIAiIEwQIyxWVnV9CqQ',
      token: answer.payment_session_token,
      secret: 'pss_9823241e-2cec-4c98-b23d-7b29ade9b05b',
    });
  });

  it('answers a documented 422 as the processor being unavailable, naming its error codes but never a key', async () => {
    const { processor } = setup([{ status: 422, body: checkoutFixture('error-422-payment-session-invalid') }]);
    const error = await failureOf(processor.startCardEntry(cardEntryInput));
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
    expect(error.message).toContain('billing_address_country_invalid');
    expect(error.message).not.toContain(SECRET_KEY);
    expect(error.message).not.toContain(PUBLIC_KEY);
  });

  it('answers a refused key (401), an outage and no answer as unavailable or timed out, never with a key in the message', async () => {
    const refused = await failureOf(setup([{ status: 401 }]).processor.startCardEntry(cardEntryInput));
    expect(refused).toBeInstanceOf(ProcessorUnavailableError);
    const outage = await failureOf(setup([{ status: 503 }]).processor.startCardEntry(cardEntryInput));
    expect(outage).toBeInstanceOf(ProcessorUnavailableError);
    const silent = await failureOf(setup([{ hang: true }], { timeoutMs: 20 }).processor.startCardEntry(cardEntryInput));
    expect(silent).toBeInstanceOf(ProcessorTimeoutError);
    for (const error of [refused, outage, silent]) expect(error.message).not.toMatch(/sk_sbox|pk_sbox/);
  });

  it('refuses an answer without the session secret (Flow could not start with it)', async () => {
    const { payment_session_secret: _secret, ...withoutSecret } = checkoutFixture<Record<string, unknown>>('payment-session.response');
    const error = await failureOf(setup([{ status: 201, body: withoutSecret }]).processor.startCardEntry(cardEntryInput));
    expect(error).toBeInstanceOf(ProcessorUnavailableError);
  });
});

describe('Checkout.com: authorize', () => {
  it('requests an uncaptured 3DS payment from the stored instrument with the idempotency key', async () => {
    const { processor, calls } = setup([{ status: 201, body: checkoutFixture('payment-authorized.response') }], {
      processingChannelId: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
    });
    const payment = await processor.authorize(authorizeInput);
    expect(calls[0]).toEqual({
      url: 'https://api.sandbox.checkout.com/payments',
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        accept: 'application/json',
        'content-type': 'application/json',
        'cko-idempotency-key': 'ord_7Hq2:authorize',
      },
      body: {
        source: { type: 'id', id: 'src_wmlfc3zyhqzehihu7giusaaawu' },
        amount: 100,
        currency: 'USD',
        reference: 'ORD-752-814',
        capture: false,
        '3ds': { enabled: true },
        success_url: authorizeInput.successUrl,
        failure_url: authorizeInput.failureUrl,
        processing_channel_id: 'pc_q4dbxom5jbgudnjzjpz7j2z6uq',
      },
    });
    expect(payment).toEqual({
      paymentId: 'pay_tqgk5c6k2nnexagtcuom5ktlua',
      reference: 'ORD-752-814',
      status: 'AUTHORIZED',
      amount: '1.00',
      currency: 'USD',
      authorizedAmount: '1.00',
      challengeUrl: null,
      declineReason: null,
    });
  });

  it.each([
    ['payment-declined-insufficient-funds.response', 'INSUFFICIENT_FUNDS'],
    ['payment-declined-do-not-honour.response', 'DECLINED'],
  ])('reads %s as a decline for %s', async (fixture, reason) => {
    const { processor } = setup([{ status: 201, body: checkoutFixture(fixture) }]);
    expect(await processor.authorize(authorizeInput)).toMatchObject({
      status: 'DECLINED',
      declineReason: reason,
      authorizedAmount: null,
      challengeUrl: null,
    });
  });

  it('reads 202 Pending as a 3DS challenge at the redirect link, with the amount it asked for', async () => {
    const { processor } = setup([{ status: 202, body: checkoutFixture('payment-pending-3ds.response') }]);
    expect(await processor.authorize(authorizeInput)).toEqual({
      paymentId: 'pay_hehfmlkpykeupofyxf7nbr6yyy',
      reference: 'ORD-5023-4E89',
      status: 'CHALLENGE_REQUIRED',
      amount: '1.00',
      currency: 'USD',
      authorizedAmount: null,
      challengeUrl: 'https://api.sandbox.checkout.com/3ds/pay_hehfmlkpykeupofyxf7nbr6yyy',
      declineReason: null,
    });
  });

  it('reads less authorised than asked as partial (constructed: the documentation shows no partial authorisation)', async () => {
    const partial = {
      ...checkoutFixture('payment-authorized.response'),
      amount: 100,
      amount_requested: 100,
      balances: { total_authorized: 50 },
    };
    const { processor } = setup([{ status: 201, body: partial }]);
    expect(await processor.authorize(authorizeInput)).toMatchObject({
      status: 'PARTIALLY_AUTHORIZED',
      amount: '1.00',
      authorizedAmount: '0.50',
    });
  });
});

describe('Checkout.com: reading payments', () => {
  it('gets a payment by id', async () => {
    const { processor, calls } = setup([{ status: 200, body: checkoutFixture('payment-details.response') }]);
    const payment = await processor.getPayment('pay_mbabizu24mvu3mela5njyhpit4');
    expect(calls[0]).toMatchObject({
      url: 'https://api.sandbox.checkout.com/payments/pay_mbabizu24mvu3mela5njyhpit4',
      method: 'GET',
      body: undefined,
    });
    expect(calls[0]?.headers['cko-idempotency-key']).toBeUndefined();
    expect(payment).toEqual({
      paymentId: 'pay_mbabizu24mvu3mela5njyhpit4',
      reference: 'ORD-5023-4E89',
      status: 'AUTHORIZED',
      amount: '65.40',
      currency: 'USD',
      authorizedAmount: '65.40',
      challengeUrl: null,
      declineReason: null,
    });
  });

  it('answers an unknown payment id (404) and refuses a malformed one without a call', async () => {
    const { processor, calls } = setup([{ status: 404 }]);
    await expect(processor.getPayment('pay_unknown0000000000000000')).rejects.toThrow(
      'Checkout.com has no payment pay_unknown0000000000000000',
    );
    await expect(processor.getPayment('../instruments/src_x')).rejects.toThrow('is not a Checkout.com payment id');
    expect(calls).toHaveLength(1);
  });

  it('finds the newest payment of a reference, then reads it in full', async () => {
    const list = checkoutFixture<{ data: object[] }>('payments-list.response');
    const { processor, calls } = setup([
      { status: 200, body: list },
      { status: 200, body: list.data[0] },
    ]);
    const payment = await processor.findPayment('ORD-5023-4E89');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET https://api.sandbox.checkout.com/payments?limit=1&skip=0&reference=ORD-5023-4E89',
      'GET https://api.sandbox.checkout.com/payments/pay_einf5abzzgbejdpuartvqgl36i',
    ]);
    expect(payment).toMatchObject({
      paymentId: 'pay_einf5abzzgbejdpuartvqgl36i',
      status: 'DECLINED',
      declineReason: 'DECLINED',
      amount: '10.00',
      currency: 'EUR',
    });
  });

  it('answers null when no payment has the reference (after a timeout, nothing was charged)', async () => {
    const { processor, calls } = setup([{ status: 200, body: checkoutFixture('payments-list-empty.response') }]);
    expect(await processor.findPayment('ord a&b')).toBeNull();
    expect(calls[0]?.url).toBe('https://api.sandbox.checkout.com/payments?limit=1&skip=0&reference=ord+a%26b');
  });
});

describe('Checkout.com: capture, refund, void', () => {
  it.each([
    ['capture', '/captures', { amount: 1500 }],
    ['refund', '/refunds', { amount: 1500 }],
    ['void', '/voids', {}],
  ] as const)('%s posts to %s with the idempotency key and takes the 202', async (action, path, body) => {
    const { processor, calls } = setup([{ status: 202, body: checkoutFixture('action-accepted.response') }]);
    const input = { idempotencyKey: `ord_7Hq2:${action}`, amount: '15.00', currency: 'USD' };
    await (action === 'void'
      ? processor.void('pay_y3oqhf46pyzuxjbcn2giaqnb44', input)
      : processor[action]('pay_y3oqhf46pyzuxjbcn2giaqnb44', input));
    expect(calls[0]).toEqual({
      url: `https://api.sandbox.checkout.com/payments/pay_y3oqhf46pyzuxjbcn2giaqnb44${path}`,
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        accept: 'application/json',
        'content-type': 'application/json',
        'cko-idempotency-key': `ord_7Hq2:${action}`,
      },
      body,
    });
  });

  it('explains a refused action (403 not allowed, 422 over the authorised amount)', async () => {
    const { processor } = setup([{ status: 403 }, { status: 422, body: checkoutFixture('error-422-capture-greater-than-authorized') }]);
    const input = { idempotencyKey: 'k', amount: '99.00', currency: 'USD' };
    await expect(processor.capture('pay_y3oqhf46pyzuxjbcn2giaqnb44', input)).rejects.toThrow(
      'cannot capture Checkout.com payment pay_y3oqhf46pyzuxjbcn2giaqnb44: Checkout.com capture: HTTP 403',
    );
    await expect(processor.capture('pay_y3oqhf46pyzuxjbcn2giaqnb44', input)).rejects.toThrow('capture_value_greater_than_authorized');
  });
});

describe('Checkout.com: outages, timeouts and secrets', () => {
  it.each([
    ['401 (bad key)', { status: 401 }, ProcessorUnavailableError, 'API key was refused'],
    ['429 (same key in flight, or rate limited)', { status: 429 }, ProcessorUnavailableError, 'HTTP 429'],
    ['503', { status: 503, body: { message: 'down' } }, ProcessorUnavailableError, 'HTTP 503'],
    ['a broken connection', { networkError: 'ECONNRESET' }, ProcessorTimeoutError, 'ECONNRESET'],
  ] as const)('answers %s as %s', async (_name, reply, type, message) => {
    const { processor } = setup([reply as Reply]);
    const error = await failureOf(processor.authorize(authorizeInput));
    expect(error).toBeInstanceOf(type);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain(SECRET_KEY);
  });

  it('gives up after its timeout: the outcome is unknown, so it is a ProcessorTimeoutError', async () => {
    const { processor } = setup([{ hang: true }], { timeoutMs: 30 });
    await expect(processor.authorize(authorizeInput)).rejects.toThrow(
      new ProcessorTimeoutError('Checkout.com authorize payment did not answer within 30 ms'),
    );
  });

  it('puts no key in any error', async () => {
    const { processor } = setup([{ status: 400, body: { error_type: `bad ${SECRET_KEY} ${PUBLIC_KEY}`, error_codes: [] } }]);
    const error = await failureOf(processor.saveCard(saveInput));
    expect(error.message).toContain('[redacted]');
    for (const secret of [SECRET_KEY, PUBLIC_KEY, CARD_NUMBER, CVV]) expect(error.message).not.toContain(secret);
  });

  it('validates its options and names the variable', () => {
    const base = { secretKey: SECRET_KEY, publicKey: PUBLIC_KEY };
    expect(() => createCheckoutCardProcessor({ ...base, secretKey: '' })).toThrow('CHECKOUT_SECRET_KEY');
    expect(() => createCheckoutCardProcessor({ ...base, baseUrl: 'api.checkout.com' })).toThrow('CHECKOUT_BASE_URL');
    expect(() => createCheckoutCardProcessor({ ...base, processingChannelId: 'channel-1' })).toThrow('CHECKOUT_PROCESSING_CHANNEL_ID');
    expect(createCheckoutCardProcessor({ ...base, baseUrl: 'https://api.checkout.com/' }).kind).toBe('checkout');
  });

  it('asks the configured base URL', async () => {
    const { processor, calls } = setup([{ status: 200, body: checkoutFixture('payment-details.response') }], {
      baseUrl: 'https://api.checkout.com/',
    });
    await processor.getPayment('pay_mbabizu24mvu3mela5njyhpit4');
    expect(calls[0]?.url).toBe('https://api.checkout.com/payments/pay_mbabizu24mvu3mela5njyhpit4');
  });
});
