import { ErrorCode, type MerchantBindResult } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { Principal } from '../identity/index.ts';
import type { MerchantRepository } from './merchant.repository.ts';
import type { MerchantTransactionsRepository } from './merchant-transactions.repository.ts';
import { tranIdOfOrderToken } from './order-token.ts';

/** Refused orderTokens an address may send in an hour: a token is a 256-bit HMAC, the bound keeps guessing costly. */
export const ORDER_TOKEN_POLICY = { failuresPerAddressPerHour: 60 } as const;
const HOUR_MS = 3_600_000;

/**
 * Account linking by orderToken (docs/rules/merchant-linking.md). A merchant's link carries the token of
 * the transaction it made; whoever signs in with it asks to be that transaction's customer at the merchant.
 * The customer id of the transaction is linked to the signed-in account, unless another account of ours is
 * linked to it already: then the transaction records ALREADY_LINKED_ANOTHER_ACCOUNT for this account
 * (kycLoginFail), which the checkout's gating sends to account-linking-failed, and this account may not pay it.
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
  };
}

export type MerchantBindService = ReturnType<typeof createMerchantBindService>;
