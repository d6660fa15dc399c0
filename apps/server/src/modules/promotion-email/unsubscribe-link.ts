import { PROMOTION_EMAIL_LISTS, type PromotionEmailList } from '@causeway/contracts';
import { constantTimeEqual, hmacHex } from '../../platform/crypto.ts';

/** What an unsubscribe link names: the person, the list, and the link generation it was made in. */
export interface UnsubscribeClaims {
  userId: string;
  list: PromotionEmailList;
  generation: number;
}

/** The claims as signed: short keys, since the token rides in a URL and a header. */
interface WireClaims {
  u: string;
  l: string;
  g: number;
}

const isWireClaims = (value: unknown): value is WireClaims => {
  const claims = value as Partial<WireClaims> | null;
  return (
    typeof claims === 'object' &&
    claims !== null &&
    typeof claims.u === 'string' &&
    /^[\w-]{1,32}$/.test(claims.u) &&
    (PROMOTION_EMAIL_LISTS as readonly unknown[]).includes(claims.l) &&
    Number.isSafeInteger(claims.g) &&
    (claims.g as number) >= 0
  );
};

/**
 * Unsubscribe links' tokens: the claims in base64url and their HMAC-SHA256 (key: deriveKey(serverSecret,
 * 'unsubscribe-link')). Like platform/signed-claims.ts, but with no expiry: a promotional email may be
 * opened years later and its link must still work (RFC 8058 one-click, bulk senders' rules). They are
 * revoked instead: by the person's link generation (the service compares it), or all at once by a new
 * server secret.
 */
export function createUnsubscribeLinks(key: Buffer) {
  return {
    sign(claims: UnsubscribeClaims): string {
      const wire: WireClaims = { u: claims.userId, l: claims.list, g: claims.generation };
      const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
      return `${body}.${hmacHex(key, body)}`;
    },
    /** The claims, or undefined when the token is not one this server signed (forged, altered, cut short). */
    verify(token: string): UnsubscribeClaims | undefined {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined || !constantTimeEqual(hmacHex(key, body), signature)) return undefined;
      try {
        const wire: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        return isWireClaims(wire) ? { userId: wire.u, list: wire.l as PromotionEmailList, generation: wire.g } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
