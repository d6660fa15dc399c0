import { canonicalEntryQuery, MERCHANT_SIGNATURE_TOLERANCE_MS } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import { constantTimeEqual, decrypt, deriveKey, hmacHex } from '../../platform/crypto.ts';
import type { MerchantRepository, MerchantRow } from './merchant.repository.ts';

/** The key merchants' secrets are sealed under: the module reads them with it, the start-up seed stores the demo one with it. */
export const merchantSecretKey = (serverSecret: Buffer): Buffer => deriveKey(serverSecret, 'merchant-secret');

/**
 * Checks a merchant's signed entry (contracts/merchant-entry.ts): known, active merchant; a
 * timestamp within 300 s of our clock (no replays later); an HMAC compared in constant time.
 * Every failure gives the same answer, so a caller learns nothing about which part was wrong.
 */
export function createMerchantEntryVerifier(deps: { repository: MerchantRepository; secretKey: Buffer }) {
  const refused = () => new AppError('USE000001010');
  /** A secret sealed under another server secret (SECRET_KEY changed) cannot sign anything: refused like a bad signature. */
  const secretOf = (merchant: MerchantRow) => {
    try {
      return decrypt(deps.secretKey, merchant.secretEncrypted);
    } catch {
      throw refused();
    }
  };

  return async function verifyEntry(entry: Readonly<Record<string, string>>, now: Date): Promise<MerchantRow> {
    const merchant = entry.apiKey ? await deps.repository.findByApiKey(entry.apiKey) : undefined;
    if (!merchant || merchant.status !== 'Active') throw refused();
    const signedAt = Number(entry.timestamp);
    if (!Number.isSafeInteger(signedAt) || Math.abs(now.getTime() - signedAt) > MERCHANT_SIGNATURE_TOLERANCE_MS) throw refused();
    const expected = hmacHex(Buffer.from(secretOf(merchant)), canonicalEntryQuery(entry));
    if (!constantTimeEqual(expected, (entry.signature ?? '').toLowerCase())) throw refused();
    return merchant;
  };
}

export type MerchantEntryVerifier = ReturnType<typeof createMerchantEntryVerifier>;
