import type { LookupAddress } from 'node:dns';
import { type ClientRequestArgs, createServer, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, WEBHOOK_USER_AGENT } from './webhook-sender.ts';

/** The sender on its own: what it puts on the wire, what counts as success, and where it never posts. */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
let base: string;
let port: number;
/** Connections the local server accepted (a refused destination must open none). */
let connections = 0;
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
server.on('connection', () => connections++);
beforeAll(() =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)).then(() => {
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
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
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::ffff:a01:203]/hooks',
      'https://169.254.169.254/latest',
      'https://localhost/hooks',
    ])
      expect((await send(request(url))).error, url).toMatch(/not https|private address/);
    expect(last).toBeUndefined();
  });

  it('connects only to the addresses it checked: a second, private answer from DNS (rebinding) is never used', async () => {
    // The first answer is public, every later one is this machine, where the test server listens on the URL's port.
    const answers: string[] = [];
    const resolve = async (): Promise<LookupAddress[]> => {
      const address = answers.length === 0 ? '198.51.100.7' : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    // Stands in for the network (no traffic leaves this machine): it asks the lookup the socket is given,
    // as the socket would, where it would connect, and connects nowhere.
    const attempted: string[] = [];
    class NoNetwork extends HttpsAgent {
      override createConnection(options: ClientRequestArgs, done?: (error: Error | null, socket: Duplex) => void) {
        options.lookup!(String(options.host), { all: true }, (error, addresses) => {
          if (!error) attempted.push(...(addresses as LookupAddress[]).map((entry) => entry.address));
          done!(error ?? new Error('no network in tests'), undefined as unknown as Duplex);
        });
        return undefined;
      }
    }
    connections = 0;
    const send = createWebhookSender({ privateNetworks: false, resolve, agent: new NoNetwork() });
    const outcome = await send(request(`https://hooks.example.test:${port}/hooks`));
    expect(outcome).toMatchObject({ statusCode: null, error: 'could not reach the endpoint: no network in tests' });
    expect(answers).toEqual(['198.51.100.7']);
    expect(attempted).toEqual(['198.51.100.7']);
    expect(connections).toBe(0);
  });

  it('refuses a host with any private answer before connecting, and the socket resolves through the checked lookup', async () => {
    connections = 0;
    let asked = 0;
    const loopback = async (): Promise<LookupAddress[]> => {
      asked++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const mixed = async (): Promise<LookupAddress[]> => [
      { address: '198.51.100.7', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    for (const resolve of [loopback, mixed])
      expect(
        await createWebhookSender({ privateNetworks: false, resolve })(request(`https://hooks.example.test:${port}/hooks`)),
      ).toMatchObject({
        statusCode: null,
        error: 'the endpoint resolves to a private address',
      });
    expect(connections).toBe(0);

    // A sandbox install posts to it; the name is nobody's in DNS, so reaching the server proves the socket
    // used the one resolution that was checked, and the request still names the host.
    asked = 0;
    const outcome = await createWebhookSender({ privateNetworks: true, resolve: loopback })(
      request(`http://hooks.example.test:${port}/hooks`),
    );
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(asked).toBe(1);
    expect(last!.headers.host).toBe(`hooks.example.test:${port}`);
  });
});
