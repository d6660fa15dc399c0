import type { CreateMerchantTransaction, OrderInfo } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UserRow } from '../identity/identity.repository.ts';
import type { MerchantRow } from '../merchant/merchant.repository.ts';
import type { MerchantTransactionRow, MerchantTransactionsRepository } from './merchant-transactions.repository.ts';

/** What the merchant set, compared field by field when the same tranId is created again. */
const SETTABLE = ['tranType', 'fiatCurrency', 'fiatAmount', 'cryptoCurrency', 'network', 'cryptoAmount', 'walletAddress', 'memo', 'merchantUserId', 'country'] as const;
const sameAmount = (stored: string | null, sent: string | undefined) => (stored === null ? sent === undefined : sent !== undefined && new Decimal(stored).eq(sent));

/**
 * Merchants' transactions (tranId): the merchant's server creates one, signed like its entry
 * links; the checkout reads it to fill the buy page; one order takes it and reports its end.
 */
export function createMerchantTransactionService(deps: {
  repository: MerchantTransactionsRepository;
  verifyEntry: (entry: Readonly<Record<string, string>>, now: Date) => Promise<MerchantRow>;
  merchantName: (merchantId: string) => Promise<string>;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  async function infoOf(row: MerchantTransactionRow, forOwner: boolean): Promise<OrderInfo> {
    return {
      tranId: row.tranId, orderId: forOwner ? row.orderId : null, fiatCurrency: row.fiatCurrency, fiatAmt: row.fiatAmount === null ? null : new Decimal(row.fiatAmount).toFixed(2),
      cryptoCurrency: row.cryptoCurrency, cryptoAmt: row.cryptoAmount === null ? null : new Decimal(row.cryptoAmount).toFixed(), network: row.network,
      userId: forOwner ? row.userId : null, country: forOwner ? row.country : null, status: row.status, merchantName: await deps.merchantName(row.merchantId), kycLoginFail: null,
    };
  }

  return {
    /** Idempotent: the same tranId with the same fields answers the stored transaction; other fields are refused (422). */
    async create(body: CreateMerchantTransaction): Promise<OrderInfo> {
      const { apiKey: _apiKey, timestamp: _timestamp, signature: _signature, ...fields } = body;
      const signed = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Record<string, string>;
      const now = clock.now();
      const merchant = await deps.verifyEntry(signed, now);
      const inserted = await repository.insert({
        ...fields, fiatAmount: fields.fiatAmount ?? null, cryptoAmount: fields.cryptoAmount ?? null, network: fields.network ?? null, walletAddress: fields.walletAddress ?? null,
        memo: fields.memo ?? null, merchantUserId: fields.merchantUserId ?? null, country: fields.country ?? null, merchantId: merchant.id, status: 'Initial', createdAt: now, updatedAt: now,
      });
      if (inserted) return infoOf(inserted, false);
      const row = (await repository.find(fields.tranId))!;
      const same = row.merchantId === merchant.id && SETTABLE.every((key) => (key === 'fiatAmount' || key === 'cryptoAmount' ? sameAmount(row[key], fields[key]) : (row[key] ?? undefined) === fields[key]));
      if (!same) throw new AppError('IDM0000422', 'This tranId was already created with other details.');
      return infoOf(row, false);
    },

    /** get-trans-info (before sign-in): what is being bought, never who or where to. */
    async publicInfo(tranId: string): Promise<OrderInfo> {
      const row = await repository.find(tranId);
      if (!row) throw new AppError('ODR00001012');
      return infoOf(row, false);
    },

    /** query-order/tranid (signed in): the transaction with its order, for the person it belongs to (or nobody yet). */
    async infoFor(user: UserRow, tranId: string): Promise<OrderInfo> {
      const row = await repository.find(tranId);
      if (!row || (row.userId && row.userId !== user.id)) throw new AppError('ODR00001012');
      return infoOf(row, true);
    },

    /** A quote may fill the transaction only with its currencies, by a person it does not belong to someone else. */
    async assertQuotable(user: UserRow, tranId: string, quote: { fiatCurrency: string; cryptoCurrency: string; network: string }): Promise<void> {
      const row = await repository.find(tranId);
      if (!row || (row.userId && row.userId !== user.id) || !['Initial', 'Failed'].includes(row.status)) throw new AppError('ODR00001012');
      if (row.fiatCurrency !== quote.fiatCurrency || row.cryptoCurrency !== quote.cryptoCurrency || (row.network && row.network !== quote.network)) {
        throw new AppError('ODR00001002', `This transaction buys ${row.cryptoCurrency} with ${row.fiatCurrency}.`);
      }
    },
  };
}

export type MerchantTransactionService = ReturnType<typeof createMerchantTransactionService>;
