import { constantTimeEqual, hmacHex } from '../../platform/crypto.ts';

/**
 * A merchant transaction's orderToken (docs/rules/merchant-linking.md): `<tranId>:<HMAC of it>` under a key
 * derived from the server's secret, the HMAC cut to 192 bits so the token fits the 128 characters a link's
 * parameter may have (a tranId has no ':'). Nothing is stored: the same transaction always has the same
 * token (a repeated create answers it again), and nobody without our key can make one for a tranId.
 */
const SEPARATOR = ':';
const MAC_HEX_LENGTH = 48;

export function orderTokenFor(key: Buffer, tranId: string): string {
  return `${tranId}${SEPARATOR}${hmacHex(key, `order-token:${tranId}`).slice(0, MAC_HEX_LENGTH)}`;
}

/** The tranId a token names, or null when it is not one of ours (compared in constant time). */
export function tranIdOfOrderToken(key: Buffer, token: string): string | null {
  const at = token.lastIndexOf(SEPARATOR);
  if (at <= 0) return null;
  const tranId = token.slice(0, at);
  return constantTimeEqual(orderTokenFor(key, tranId), token) ? tranId : null;
}
