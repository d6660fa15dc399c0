import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from './events.ts';
import { generateWebhookSecret, signWebhook, verifyWebhook, WebhookVerificationError } from './webhooks.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const event: WebhookEvent = {
  type: 'kyc.updated',
  timestamp: '2026-01-02T03:04:05.000Z',
  data: { merchantUserId: 'user-1', kycStatus: 'Pass', kycLevel: 2, updatedAt: '2026-01-02T03:04:05.000Z' },
};
const body = JSON.stringify(event);

/** A delivery as Causeway sends it, signed by the standardwebhooks library itself (not by the code under test). */
function delivery(sentAt = new Date(), secret = SECRET, payload = body) {
  const id = 'msg_2bYc3tvG6rCqPq1X';
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, sentAt, payload),
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as Error).message;
  }
  throw new Error('expected a WebhookVerificationError');
};

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyWebhook', () => {
  it('returns the event of a body the library signed, from a string or a Buffer', () => {
    expect(verifyWebhook(SECRET, body, delivery())).toEqual(event);
    expect(verifyWebhook(SECRET, Buffer.from(body), delivery())).toEqual(event);
  });

  it('reads header names in any case and array values, as Node gives them', () => {
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = delivery();
    expect(verifyWebhook(SECRET, body, { 'Webhook-Id': id, 'WEBHOOK-TIMESTAMP': [timestamp], 'webhook-signature': [signature] })).toEqual(
      event,
    );
  });

  it('refuses a tampered body', () => {
    const tampered = body.replace('"Pass"', '"Fail"');
    expect(refusal(() => verifyWebhook(SECRET, tampered, delivery()))).toMatch(/No signature matches/);
  });

  it('refuses a body signed with another secret', () => {
    const other = generateWebhookSecret();
    expect(refusal(() => verifyWebhook(SECRET, body, delivery(new Date(), other)))).toMatch(/No signature matches/);
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])('refuses a request without %s', (name) => {
    const headers: Record<string, string> = delivery();
    delete headers[name];
    expect(refusal(() => verifyWebhook(SECRET, body, headers))).toContain(`Missing the ${name} header`);
  });

  it('refuses a timestamp 6 minutes old or ahead, even with a right signature', () => {
    const sixMinutes = 6 * 60 * 1000;
    expect(refusal(() => verifyWebhook(SECRET, body, delivery(new Date(Date.now() - sixMinutes))))).toMatch(/old/);
    expect(refusal(() => verifyWebhook(SECRET, body, delivery(new Date(Date.now() + sixMinutes))))).toMatch(/ahead/);
  });

  it('accepts a 4-minute-old webhook by default, and refuses it with a narrower tolerance', () => {
    const headers = delivery(new Date(Date.now() - 4 * 60 * 1000));
    expect(verifyWebhook(SECRET, body, headers)).toEqual(event);
    expect(refusal(() => verifyWebhook(SECRET, body, headers, { toleranceSeconds: 60 }))).toMatch(/old/);
    expect(() => verifyWebhook(SECRET, body, headers, { toleranceSeconds: 3600 })).toThrow(RangeError);
  });

  it('accepts a list of signatures where one is valid (a secret rotating), and refuses one where none is', () => {
    const headers = delivery();
    const stale = delivery(new Date(), generateWebhookSecret())['webhook-signature'];
    const rotating = {
      ...headers,
      'webhook-signature': `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= ${stale} ${headers['webhook-signature']}`,
    };
    expect(verifyWebhook(SECRET, body, rotating)).toEqual(event);
    // The same list without the valid one; and a valid signature under a version other than v1 does not count.
    expect(
      refusal(() =>
        verifyWebhook(SECRET, body, { ...headers, 'webhook-signature': `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= ${stale}` }),
      ),
    ).toMatch(/No signature matches/);
    const asV2 = headers['webhook-signature'].replace(/^v1,/, 'v2,');
    expect(refusal(() => verifyWebhook(SECRET, body, { ...headers, 'webhook-signature': asV2 }))).toMatch(/No signature matches/);
  });

  it('refuses a repeated webhook-id with different values, and a signed body that is not an event', () => {
    const headers = delivery();
    expect(refusal(() => verifyWebhook(SECRET, body, { ...headers, 'webhook-id': [headers['webhook-id'], 'msg_other'] }))).toMatch(
      /more than once/,
    );
    const notAnEvent = '{"hello":"world"}';
    expect(refusal(() => verifyWebhook(SECRET, notAnEvent, delivery(new Date(), SECRET, notAnEvent)))).toMatch(/not a Causeway event/);
  });

  it('tells a misconfigured secret apart from a refused webhook', () => {
    expect(() => verifyWebhook('whsec_', body, delivery())).toThrow(TypeError);
  });
});

describe('verifyWebhook in a Node HTTP server', () => {
  it("takes the raw body and Node's IncomingHttpHeaders as they arrive", async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          const verified = verifyWebhook(SECRET, Buffer.concat(chunks), req.headers);
          res.writeHead(200).end(verified.type);
        } catch (error) {
          res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const send = (payload: string) =>
        fetch(endpoint, { method: 'POST', headers: { ...delivery(), 'Content-Type': 'application/json' }, body: payload });
      const accepted = await send(body);
      expect([accepted.status, await accepted.text()]).toEqual([200, 'kyc.updated']);
      expect((await send(`${body} `)).status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the Standard Webhooks test vector', () => {
  // From the standard's reference library tests (standard-webhooks/standard-webhooks,
  // libraries/javascript/src/webhook.test.ts, "sign function works").
  const vector = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: 1614265330,
    body: '{"test": 2432232314}',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };

  it('signWebhook produces it, and so does a plain HMAC-SHA256 over "id.timestamp.body" with the decoded key', () => {
    expect(signWebhook(vector.secret, vector.id, new Date(vector.timestamp * 1000), vector.body)).toBe(vector.signature);
    const key = Buffer.from(vector.secret.slice('whsec_'.length), 'base64');
    const hmac = createHmac('sha256', key).update(`${vector.id}.${vector.timestamp}.${vector.body}`).digest('base64');
    expect(`v1,${hmac}`).toBe(vector.signature);
  });

  it('verifies at its own time, and is refused as a replay today', () => {
    const headers = { 'webhook-id': vector.id, 'webhook-timestamp': String(vector.timestamp), 'webhook-signature': vector.signature };
    // Its body is not a Causeway event, so a verified vector ends at the event check, past every signature check.
    vi.useFakeTimers({ toFake: ['Date'], now: (vector.timestamp + 10) * 1000 });
    expect(refusal(() => verifyWebhook(vector.secret, vector.body, headers))).toMatch(/not a Causeway event/);
    vi.useRealTimers();
    expect(refusal(() => verifyWebhook(vector.secret, vector.body, headers))).toMatch(/old/);
  });
});

describe('generateWebhookSecret', () => {
  it('makes whsec_ and 24 random bytes in base64, each different, usable to sign and verify', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(verifyWebhook(secret, body, delivery(new Date(), secret))).toEqual(event);
  });
});
