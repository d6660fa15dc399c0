import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, WEBHOOK_USER_AGENT } from './webhook-sender.ts';

/** The sender on its own: what it puts on the wire, what counts as success, and where it never posts. */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
let base: string;
let last: { headers: IncomingHttpHeaders; body: string } | undefined;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    last = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
    const status = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
    if (status === 302) response.setHeader('location', '/elsewhere');
    response.statusCode = status;
    response.end('whatever the merchant says');
  });
});
beforeAll(() =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)).then(() => {
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }),
);
afterAll(() => new Promise((resolve) => server.close(resolve)));

const request = (url: string) => ({ url, secret: SECRET, messageId: 'msg_1', body: '{"type":"webhook.test"}', at: new Date() });

describe('the webhook sender', () => {
  it('posts the body as is with the three Standard Webhooks headers, which the library verifies', async () => {
    const outcome = await createWebhookSender({ privateNetworks: true })(request(`${base}/hooks`));
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(last!.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(last!.headers['content-type']).toBe('application/json');
    const headers = {
      'webhook-id': String(last!.headers['webhook-id']),
      'webhook-timestamp': String(last!.headers['webhook-timestamp']),
      'webhook-signature': String(last!.headers['webhook-signature']),
    };
    expect(new Webhook(SECRET).verify(last!.body, headers)).toEqual({ type: 'webhook.test' });
  });

  it('counts anything but a 2xx as a failure, a redirect included (never followed)', async () => {
    const send = createWebhookSender({ privateNetworks: true });
    expect(await send(request(`${base}/hooks?status=204`))).toMatchObject({ statusCode: 204, error: null });
    expect(await send(request(`${base}/hooks?status=500`))).toMatchObject({ statusCode: 500, error: 'answered 500' });
    expect(await send(request(`${base}/hooks?status=302`))).toMatchObject({ statusCode: 302, error: 'answered 302' });
    const refused = await send(request('http://127.0.0.1:1/hooks'));
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/^could not reach the endpoint/);
  });

  it('never posts to a private address on a production install', async () => {
    last = undefined;
    const send = createWebhookSender({ privateNetworks: false });
    for (const url of [
      `${base}/hooks`,
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest',
      'https://localhost/hooks',
    ])
      expect((await send(request(url))).error, url).toMatch(/not https|private address/);
    expect(last).toBeUndefined();
  });
});
