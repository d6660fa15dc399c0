import { ErrorCode, canonicalEntryQuery, MERCHANT_SIGNATURE_TOLERANCE_MS } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import { constantTimeEqual, decrypt, deriveKey, hmacHex } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { MerchantApiKeyRow, MerchantRepository, MerchantRow } from './merchant.repository.ts';

/**
 * Refused signed entries an address may send in an hour. Generous (a merchant's server whose
 * clock drifted sends many before someone notices); a 256-bit HMAC is not guessed anyway, the
 * bound keeps a stranger from costing us unbounded lookups.
 */
export const MERCHANT_SIGNATURE_POLICY = { failuresPerAddressPerHour: 60 } as const;
const HOUR_MS = 60 * 60 * 1000;

/** The key merchants' secrets are sealed under: the module reads them with it, the start-up seed stores the demo one with it. */
export const merchantSecretKey = (serverSecret: Buffer): Buffer => deriveKey(serverSecret, 'merchant-secret');

/**
 * Checks a merchant's signed entry (contracts/merchant-entry.ts): known, active merchant; a
 * timestamp within 300 s of our clock (no replays later); an HMAC compared in constant time.
 * Every failure gives the same answer, so a caller learns nothing about which part was wrong.
 */
export function createMerchantEntryVerifier(deps: { repository: MerchantRepository; secretKey: Buffer; rateLimiter: RateLimiter }) {
  const refused = () => new AppError(ErrorCode.MerchantLinkInvalid);
  /** A secret sealed under another server secret (SECRET_KEY changed) cannot sign anything: refused like a bad signature. */
  const secretOf = (key: MerchantApiKeyRow) => {
    try {
      return decrypt(deps.secretKey, key.secretEncrypted);
    } catch {
      throw refused();
    }
  };
  /** A key signs while not revoked and not past the end a roll gave it. */
  const keyWorks = (key: MerchantApiKeyRow, now: Date) => !key.revokedAt && (!key.expiresAt || key.expiresAt > now);

  /**
   * Every check is counted against the caller's address before it runs (one atomic upsert) and a
   * right signature gives its count back, so only refusals add up: past the limit an address is
   * refused unchecked until its hour ends. Per address, so nobody can lock a merchant out.
   */
  return async function verifyEntry(entry: Readonly<Record<string, string>>, now: Date, ipKey: string): Promise<MerchantRow> {
    return deps.rateLimiter.countRefusals(
      `merchant-signature:ip:${ipKey}`,
      MERCHANT_SIGNATURE_POLICY.failuresPerAddressPerHour,
      HOUR_MS,
      now,
      'Too many refused signatures from this address: try again later.',
      () => check(entry, now),
    );
  };

  async function check(entry: Readonly<Record<string, string>>, now: Date): Promise<MerchantRow> {
    const found = entry.apiKey ? await deps.repository.findByApiKey(entry.apiKey) : undefined;
    if (!found || found.merchant.status !== 'Active' || !keyWorks(found.key, now)) throw refused();
    const { merchant, key } = found;
    const signedAt = Number(entry.timestamp);
    if (!Number.isSafeInteger(signedAt) || Math.abs(now.getTime() - signedAt) > MERCHANT_SIGNATURE_TOLERANCE_MS) throw refused();
    const expected = hmacHex(Buffer.from(secretOf(key)), canonicalEntryQuery(entry));
    if (!constantTimeEqual(expected, (entry.signature ?? '').toLowerCase())) throw refused();
    return merchant;
  }
}

export type MerchantEntryVerifier = ReturnType<typeof createMerchantEntryVerifier>;
