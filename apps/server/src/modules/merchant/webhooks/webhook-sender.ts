import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How long an endpoint has to answer; a slow merchant must not hold a worker. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = 'Causeway-Webhooks/1';

export interface SendOutcome {
  /** The HTTP status the endpoint answered, or null when there was no answer. */
  statusCode: number | null;
  /** Why it did not succeed, in a few words (never the endpoint's answer body, which we do not keep). */
  error: string | null;
  durationMs: number;
}

export interface WebhookRequest {
  url: string;
  /** The endpoint's `whsec_…` secret. */
  secret: string;
  messageId: string;
  body: string;
  at: Date;
}

/**
 * Addresses a production install never posts to: a merchant's URL naming (or resolving to) our own
 * network would let anyone with a merchant account probe it (server-side request forgery).
 */
const PRIVATE_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE_NETWORKS.addSubnet(network, prefix, 'ipv6');

const isPrivateAddress = (address: string) => PRIVATE_NETWORKS.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Sends one signed attempt (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature, signed
 * by the maintained `standardwebhooks` library). Any 2xx is success; a redirect is not followed and
 * counts as a failure, as every other answer. The answer's body is never read.
 * `privateNetworks`: whether loopback and private addresses may be posted to (sandbox installs).
 */
export function createWebhookSender(options: { privateNetworks: boolean; fetch?: typeof fetch }) {
  const send = options.fetch ?? fetch;

  async function refusedDestination(url: URL): Promise<string | null> {
    if (options.privateNetworks) return null;
    if (url.protocol !== 'https:') return 'the endpoint is not https';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
    return addresses.some(isPrivateAddress) ? 'the endpoint resolves to a private address' : null;
  }

  return async function sendWebhook(request: WebhookRequest): Promise<SendOutcome> {
    const started = performance.now();
    const outcome = (statusCode: number | null, error: string | null): SendOutcome => ({
      statusCode,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    try {
      const refused = await refusedDestination(new URL(request.url));
      if (refused) return outcome(null, refused);
      const signature = new Webhook(request.secret).sign(request.messageId, request.at, request.body);
      const response = await send(request.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': request.messageId,
          'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: request.body,
      });
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300
        ? outcome(response.status, null)
        : outcome(response.status, `answered ${response.status}`);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError') return outcome(null, `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`);
      // fetch's own message names the cause (refused, unknown host) without any secret in it.
      const cause =
        error instanceof Error && error.cause instanceof Error
          ? error.cause.message
          : error instanceof Error
            ? error.message
            : String(error);
      return outcome(null, `could not reach the endpoint: ${cause}`.slice(0, 200));
    }
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
