import { ErrorCode, type MerchantBindResult } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { Principal } from '../identity/index.ts';
import type { MerchantRepository } from './merchant.repository.ts';
import type { MerchantTransactionsRepository } from './merchant-transactions.repository.ts';
import { tranIdOfOrderToken } from './order-token.ts';

/** The kycLoginFail codes of a merchant's shared KYC that is not the account's person: a later bind does not undo them. */
const SHARE_MISMATCH_CODES: ReadonlySet<string> = new Set(['SHARE_KYC_NOT_MATCH_USER_KYC', 'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC']);

/** Refused orderTokens an address may send in an hour: a token is a 256-bit HMAC, the bound keeps guessing costly. */
export const ORDER_TOKEN_POLICY = { failuresPerAddressPerHour: 60 } as const;
const HOUR_MS = 3_600_000;

/**
 * Account linking by orderToken (docs/rules/merchant-linking.md). A merchant's link carries the token of
 * the transaction it made; whoever signs in with it asks to be that transaction's customer at the merchant.
 * The customer id of the transaction is linked to the signed-in account, unless another account of ours is
 * linked to it already: then the transaction records ALREADY_LINKED_ANOTHER_ACCOUNT for this account
 * (kycLoginFail), which the checkout's gating sends to account-linking-failed, and this account may not pay it.
 * A merchant's shared KYC found not to be the account's person (the kyc module compares) is recorded the same
 * way, as ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC, on that merchant's open transactions for the account; claiming
 * one of them afterwards fails as SHARE_KYC_NOT_MATCH_USER_KYC.
 */
export function createMerchantBindService(deps: {
  transactions: MerchantTransactionsRepository;
  merchants: MerchantRepository;
  orderTokenKey: Buffer;
  rateLimiter: RateLimiter;
  clock: Clock;
}) {
  const { clock } = deps;

  /** The transaction a token names: counted per address when refused, so guessing stays bounded. */
  async function transactionOf(orderToken: string, ipKey: string) {
    return deps.rateLimiter.countRefusals(
      `merchant-order-token:ip:${ipKey}`,
      ORDER_TOKEN_POLICY.failuresPerAddressPerHour,
      HOUR_MS,
      clock.now(),
      'Too many refused order tokens from this address: try again later.',
      async () => {
        const tranId = tranIdOfOrderToken(deps.orderTokenKey, orderToken);
        const row = tranId ? await deps.transactions.find(tranId) : undefined;
        if (!row) throw new AppError(ErrorCode.TransactionNotFound);
        return row;
      },
    );
  }

  const merchantNameOf = async (merchantId: string) => (await deps.merchants.findById(merchantId))?.name ?? '';

  return {
    async status(user: Principal, orderToken: string, ipKey: string) {
      const row = await transactionOf(orderToken, ipKey);
      const link = row.merchantUserId ? await deps.merchants.findLink(row.merchantId, row.merchantUserId) : undefined;
      const bindStatus = !link ? 'UNBOUND' : link.userId === user.id ? 'BOUND' : 'BOUND_TO_ANOTHER';
      return { tranId: row.tranId, merchantName: await merchantNameOf(row.merchantId), bindStatus } as const;
    },

    async bind(user: Principal, orderToken: string, ipKey: string): Promise<MerchantBindResult> {
      const row = await transactionOf(orderToken, ipKey);
      // Taken by another account's order: not this account's to claim (and not told whose).
      if (row.userId && row.userId !== user.id) throw new AppError(ErrorCode.TransactionNotFound);
      const merchantName = await merchantNameOf(row.merchantId);
      // The merchant's shared KYC was not this account's person: claiming the transaction (linking by it) fails,
      // and says so from now on (SHARE_KYC_NOT_MATCH_USER_KYC: could not be linked).
      if (row.claimedBy === user.id && row.kycLoginFail && SHARE_MISMATCH_CODES.has(row.kycLoginFail)) {
        await deps.transactions.recordClaim(row.tranId, user.id, 'SHARE_KYC_NOT_MATCH_USER_KYC', clock.now());
        return { tranId: row.tranId, merchantName, bindStatus: 'FAILED', failCode: 'SHARE_KYC_NOT_MATCH_USER_KYC' };
      }
      const now = clock.now();
      // The signed-in session proved the account (its email's code or password at sign-in): the link is made now,
      // unless the customer is another account's already (the first of two racing claims wins).
      const ours = row.merchantUserId
        ? await deps.merchants.linkIfAbsent({
            merchantId: row.merchantId,
            merchantUserId: row.merchantUserId,
            userId: user.id,
            verifiedAt: now,
          })
        : true;
      if (!ours) {
        await deps.transactions.recordClaim(row.tranId, user.id, 'ALREADY_LINKED_ANOTHER_ACCOUNT', now);
        return { tranId: row.tranId, merchantName, bindStatus: 'FAILED', failCode: 'ALREADY_LINKED_ANOTHER_ACCOUNT' };
      }
      await deps.transactions.recordClaim(row.tranId, user.id, null, now);
      return { tranId: row.tranId, merchantName, bindStatus: 'SUCCESS', failCode: null };
    },

    /**
     * The kyc module found the merchant's shared KYC is not the verified account's person, after the merchant
     * sign-in succeeded: the merchant's open transactions for the account record
     * ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC for it (signed in, not linked), as a failed claim does (only this
     * account is told; it may not pay them). Idempotent: a transaction that records a failure already keeps it.
     * The merchant's customer is then not this account's person, so the link the sign-in made is undone: no
     * skip-login into this account and no webhooks about it for that customer id (the page says the accounts were
     * not linked). A link that names another account by now is left alone.
     */
    async recordSharedKycMismatch(mismatch: { userId: string; merchantId: string; merchantUserId: string | null; at: Date }) {
      await deps.transactions.recordShareMismatch({ ...mismatch, code: 'ACCOUNT_SUCCESS_SHARE_KYC_NOT_MATCH_USER_KYC' });
      if (mismatch.merchantUserId) await deps.merchants.unlinkAccount(mismatch.merchantId, mismatch.merchantUserId, mismatch.userId);
    },
  };
}

export type MerchantBindService = ReturnType<typeof createMerchantBindService>;
