import { ErrorCode, type CreateMerchantTransaction, type OrderInfo } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Principal } from '../identity/index.ts';
import type { MerchantRow } from './merchant.repository.ts';
import { checkDestination } from '../wallets/index.ts';
import type { MerchantTransactionRow, MerchantTransactionsRepository, TransactionPaid } from './merchant-transactions.repository.ts';

/** What the merchant set, compared field by field when the same tranId is created again. */
const SETTABLE = [
  'tranType',
  'fiatCurrency',
  'fiatAmount',
  'cryptoCurrency',
  'network',
  'cryptoAmount',
  'walletAddress',
  'memo',
  'merchantUserId',
  'country',
  'amountPrefill',
  'walletPrefill',
] as const;
const sameAmount = (stored: string | null, sent: string | null) =>
  stored === null ? sent === null : sent !== null && new Decimal(stored).eq(sent);

/** What an order does to the merchant's transaction it fills: takes it (one order at a time), then reports its end. */
export interface TransactionRecords {
  /** False when another order holds it, or it is no longer open. */
  take(tranId: string, take: { orderId: string; userId: string; at: Date }): Promise<boolean>;
  finish(tranId: string, orderId: string, status: 'Success' | 'Failed', at: Date): Promise<void>;
}

/** Where crypto goes, normalised by checkDestination. */
export interface Destination {
  address: string;
  memo: string | null;
}

/** What a quote or an order pays, compared with the merchant's transaction it is for. */
export interface TransactionPayment {
  fiatCurrency: string;
  cryptoCurrency: string;
  network: string;
  /** Which side the person's amount was typed in: the side the merchant fixed must be the one quoted. */
  amountType: string;
  fiatAmount: Decimal.Value;
  cryptoAmount: Decimal.Value;
  /** The normalised destination, or null while none is named yet (a quote may leave it to submit-buy). */
  destination: Destination | null;
}

/**
 * A merchant's transaction as a quote reads it (plain data): its currencies, and what the merchant
 * fixed or only prefilled. The module's own row is a superset of it.
 */
export interface TransactionTerms {
  tranId: string;
  merchantId: string;
  fiatCurrency: string;
  cryptoCurrency: string;
  network: string | null;
  /** Decimal strings; one of the two at most, or neither. */
  fiatAmount: string | null;
  cryptoAmount: string | null;
  walletAddress: string | null;
  memo: string | null;
  amountPrefill: boolean;
  walletPrefill: boolean;
}

const isAmountFixed = (row: TransactionTerms) => !row.amountPrefill && (row.fiatAmount !== null || row.cryptoAmount !== null);
const isWalletFixed = (row: TransactionTerms) => !row.walletPrefill && row.walletAddress !== null;
/** The network goes with the wallet: a wallet prefill lets the person choose another network and address. */
const isNetworkFixed = (row: TransactionTerms) => !row.walletPrefill && row.network !== null;

/**
 * Merchants' transactions (tranId): the merchant's server creates one, signed like its entry
 * links; the checkout reads it to fill the buy page; one order takes it and reports its end.
 * The amount and the wallet (with its network) the merchant set are fixed unless it marked them
 * as a prefill: a quote and an order must match them (issue 13 F4), else ODR00001015.
 */
export function createMerchantTransactionService(deps: {
  repository: MerchantTransactionsRepository;
  verifyEntry: (entry: Readonly<Record<string, string>>, now: Date, ipKey: string) => Promise<MerchantRow>;
  merchantName: (merchantId: string) => Promise<string>;
  /** Whether the merchant's entry offers buy-and-send: a BUY_SEND transaction is refused otherwise. */
  offersBuySend: (merchant: MerchantRow) => Promise<boolean>;
  /** The transaction's orderToken (order-token.ts), answered to the merchant's server with the transaction. */
  orderTokenOf: (tranId: string) => string;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  /**
   * The amounts are the merchant's until an order is paying or has paid it: then that order's,
   * so get-trans-info never shows an amount nobody paid. The destination only for the owner.
   */
  async function infoOf(row: MerchantTransactionRow, paid: TransactionPaid | null, forOwner: boolean, viewer?: string): Promise<OrderInfo> {
    const paying = paid !== null && (row.status === 'Processing' || row.status === 'Success') ? paid : null;
    const fiatAmount = paying?.fiatAmount ?? row.fiatAmount;
    const cryptoAmount = paying?.cryptoAmount ?? row.cryptoAmount;
    const destination = paying ? { address: paying.walletAddress, memo: paying.memo } : { address: row.walletAddress, memo: row.memo };
    const merchantName = await deps.merchantName(row.merchantId);
    return {
      tranId: row.tranId,
      tranType: row.tranType === 'BUY_SEND' ? 'BUY_SEND' : 'buy',
      orderId: forOwner ? row.orderId : null,
      fiatCurrency: row.fiatCurrency,
      fiatAmt: fiatAmount === null ? null : new Decimal(fiatAmount).toFixed(2),
      cryptoCurrency: row.cryptoCurrency,
      cryptoAmt: cryptoAmount === null ? null : new Decimal(cryptoAmount).toFixed(),
      network: row.network,
      userId: forOwner ? row.userId : null,
      country: forOwner ? row.country : null,
      status: row.status,
      merchantName,
      amountFixed: isAmountFixed(row),
      walletFixed: isWalletFixed(row),
      walletAddress: forOwner ? destination.address : null,
      memo: forOwner ? destination.memo : null,
      // Only the account whose linking failed is told so (it decides where its sign-in lands).
      kycLoginFail: viewer && row.kycLoginFail && row.claimedBy === viewer ? { kycLoginStatus: row.kycLoginFail, merchantName } : null,
    };
  }

  function mismatch(field: 'amount' | 'network' | 'walletAddress', message: string): AppError {
    return new AppError(ErrorCode.MerchantTransactionMismatch, message, { field });
  }

  const service = {
    /** Idempotent: the same tranId with the same fields answers the stored transaction; other fields are refused (422). */
    async create(body: CreateMerchantTransaction, ipKey: string): Promise<OrderInfo & { orderToken: string }> {
      const { apiKey: _apiKey, timestamp: _timestamp, signature: _signature, prefill, ...fields } = body;
      const signed = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Record<string, string>;
      const now = clock.now();
      const merchant = await deps.verifyEntry(signed, now, ipKey);
      if (fields.tranType === 'BUY_SEND' && !(await deps.offersBuySend(merchant)))
        throw new AppError(
          ErrorCode.BuySendNotOffered,
          `Buy-and-send is not offered on ${merchant.name}'s entry (its transaction types lack BUY_SEND).`,
        );
      const prefilled = new Set(prefill?.split(','));
      // Checked (format, checksum, memo rule) and normalised once here: the order compares with it.
      const wallet =
        fields.walletAddress !== undefined
          ? await checkDestination({ network: fields.network!, address: fields.walletAddress, memo: fields.memo })
          : null;
      const values = {
        tranType: fields.tranType,
        fiatCurrency: fields.fiatCurrency,
        fiatAmount: fields.fiatAmount ?? null,
        cryptoCurrency: fields.cryptoCurrency,
        network: fields.network ?? null,
        cryptoAmount: fields.cryptoAmount ?? null,
        walletAddress: wallet?.address ?? null,
        memo: wallet?.memo ?? null,
        merchantUserId: fields.merchantUserId ?? null,
        country: fields.country ?? null,
        amountPrefill: prefilled.has('amount'),
        walletPrefill: prefilled.has('wallet'),
      };
      const inserted = await repository.insert({
        ...values,
        tranId: fields.tranId,
        merchantId: merchant.id,
        status: 'Initial',
        createdAt: now,
        updatedAt: now,
      });
      const orderToken = deps.orderTokenOf(fields.tranId);
      if (inserted) return { ...(await infoOf(inserted, null, false)), orderToken };
      const row = (await repository.find(fields.tranId))!;
      const same =
        row.merchantId === merchant.id &&
        SETTABLE.every((key) =>
          key === 'fiatAmount' || key === 'cryptoAmount' ? sameAmount(row[key], values[key]) : row[key] === values[key],
        );
      if (!same) throw new AppError(ErrorCode.IdempotencyKeyReused, 'This tranId was already created with other details.');
      return { ...(await infoOf(row, null, false)), orderToken };
    },

    /** get-trans-info (before sign-in): what is being bought, never who or where to. */
    async publicInfo(tranId: string): Promise<OrderInfo> {
      const found = await repository.findWithOrder(tranId);
      if (!found) throw new AppError(ErrorCode.TransactionNotFound);
      return infoOf(found.row, found.paid, false);
    },

    /** query-order/tranid (signed in): the transaction with its order, for the person it belongs to (or nobody yet). */
    async infoFor(user: Principal, tranId: string): Promise<OrderInfo> {
      const found = await repository.findWithOrder(tranId);
      if (!found || (found.row.userId && found.row.userId !== user.id)) throw new AppError(ErrorCode.TransactionNotFound);
      return infoOf(found.row, found.paid, true, user.id);
    },

    /** A quote may fill the transaction only with its currencies, by a person it does not belong to someone else, while it is open. */
    async openFor(user: Principal, tranId: string, quote: { fiatCurrency: string; cryptoCurrency: string }): Promise<TransactionTerms> {
      const row = await repository.find(tranId);
      if (!row || (row.userId && row.userId !== user.id) || !['Initial', 'Failed'].includes(row.status))
        throw new AppError(ErrorCode.TransactionNotFound);
      // Its linking failed for this account (kycLoginFail): the merchant meant another of our customers.
      if (row.kycLoginFail && row.claimedBy === user.id) throw new AppError(ErrorCode.TransactionNotFound);
      if (row.fiatCurrency !== quote.fiatCurrency || row.cryptoCurrency !== quote.cryptoCurrency) {
        throw new AppError(ErrorCode.TradingPairUnsupported, `This transaction buys ${row.cryptoCurrency} with ${row.fiatCurrency}.`);
      }
      return row;
    },

    /** The merchant's address (fixed or prefill) for a quote that names none, when it is on the quote's network. */
    merchantDestination(row: TransactionTerms, network: string): Destination | null {
      return row.walletAddress !== null && row.network === network ? { address: row.walletAddress, memo: row.memo } : null;
    },

    /** Refuses (ODR00001015, field named) a payment that differs from what the merchant fixed; currencies ODR00001002. */
    assertFits(row: TransactionTerms, payment: TransactionPayment): void {
      if (row.fiatCurrency !== payment.fiatCurrency || row.cryptoCurrency !== payment.cryptoCurrency) {
        throw new AppError(ErrorCode.TradingPairUnsupported, `This transaction buys ${row.cryptoCurrency} with ${row.fiatCurrency}.`);
      }
      if (isNetworkFixed(row) && row.network !== payment.network)
        throw mismatch('network', `The merchant set this transaction on the ${row.network} network.`);
      if (isAmountFixed(row)) {
        const [side, amount, paid, currency] =
          row.fiatAmount !== null
            ? (['fiat', row.fiatAmount, payment.fiatAmount, row.fiatCurrency] as const)
            : (['crypto', row.cryptoAmount!, payment.cryptoAmount, row.cryptoCurrency] as const);
        if (payment.amountType !== side || !new Decimal(paid).eq(amount)) {
          throw mismatch(
            'amount',
            `The merchant set this transaction at ${new Decimal(amount).toFixed()} ${currency}: enter that amount in ${currency}.`,
          );
        }
      }
      if (
        isWalletFixed(row) &&
        (payment.destination === null ||
          payment.destination.address !== row.walletAddress ||
          (payment.destination.memo ?? null) !== row.memo)
      ) {
        throw mismatch('walletAddress', 'The merchant set the wallet address of this transaction: the crypto can only go there.');
      }
    },

    /**
     * submit-buy, before the second factor: the order must fit the transaction it fills. Its terms
     * never change after create, so this read needs no lock (the taking, under the lock, checks
     * the status). The merchant is the transaction's: the answer is the order's merchantId.
     */
    async assertOrderFits(tranId: string, payment: TransactionPayment): Promise<{ merchantId: string; buySend: boolean }> {
      const row = await repository.find(tranId);
      if (!row) throw new AppError(ErrorCode.TransactionNotFound);
      service.assertFits(row, payment);
      return { merchantId: row.merchantId, buySend: row.tranType === 'BUY_SEND' };
    },
  };
  return service;
}

export type MerchantTransactionService = ReturnType<typeof createMerchantTransactionService>;
