import { createHmac, timingSafeEqual } from 'node:crypto';
import { ChainWebhookRefusedError } from './chain.ts';

/**
 * BitGo's webhook signature, which the sandbox chain copies for its own notices:
 * https://developers.bitgo.com/guides/webhooks/overview ("Security") — BitGo signs each
 * notification with the enterprise's webhook secret (made or rotated with POST
 * /api/v2/webhook/secret, https://developers.bitgo.com/api/v2.webhook.secret.create) as an
 * HMAC-SHA256 of the request body, sent in the `X-Signature-SHA256` header, 64 hex digits
 * (https://developers.bitgo.com/api/v2.webhook.notification.verify shows its pattern ^[0-9a-f]{64}$).
 * The HMAC is over the exact raw bytes: a re-serialised body would not match.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-signature-sha256';

export const signWebhookBody = (rawBody: Buffer, secret: string): string => createHmac('sha256', secret).update(rawBody).digest('hex');

const headerValue = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/** Throws ChainWebhookRefusedError unless the header holds the body's HMAC under `secret`; compared in constant time. */
export function verifyWebhookSignature(
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  secret: string | undefined,
): void {
  // Without a secret nothing can be verified, so nothing is believed (webhooks only hasten a poll).
  if (!secret) throw new ChainWebhookRefusedError('no webhook secret is set, so no delivery can be verified');
  const given = headerValue(headers, WEBHOOK_SIGNATURE_HEADER)?.trim();
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) throw new ChainWebhookRefusedError('missing or malformed X-Signature-SHA256');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // Both are 32 bytes here (the pattern above), as timingSafeEqual needs.
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected))
    throw new ChainWebhookRefusedError('X-Signature-SHA256 does not match the body');
}

/**
 * The fields of a wallet "transfer" notification we use (the notification objects of
 * https://developers.bitgo.com/api/v2.wallet.simulatewebhook: `type` "transfer", `coin`, `wallet`,
 * `transfer`, `hash`, `transferType` "send" or "receive", `receiver`). Undefined for any other event,
 * or a body that is not such JSON.
 */
export function readTransferNotification(rawBody: Buffer): { coin: string; wallet: string | null; receiver: string | null } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const notice = body as Record<string, unknown>;
  if (notice.type !== 'transfer' || typeof notice.coin !== 'string') return undefined;
  // A send is one of our payouts: getTransfer follows those. Only what arrives concerns a deposit.
  if (notice.transferType === 'send') return undefined;
  return {
    coin: notice.coin,
    wallet: typeof notice.wallet === 'string' ? notice.wallet : null,
    receiver: typeof notice.receiver === 'string' && notice.receiver.length <= 256 ? notice.receiver : null,
  };
}
