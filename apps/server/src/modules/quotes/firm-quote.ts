/** A firm quote, as the order that takes it reads it: what was priced, for whom, and where the crypto goes. */
export interface FirmQuote {
  id: string;
  orderId: string;
  userId: string;
  /** buy or sell. */
  transactionType: string;
  channelCode: string;
  paymentMethod: string;
  fiatCurrency: string;
  cryptoCurrency: string;
  network: string;
  /** Which side the person typed: FIAT or CRYPTO. */
  amountType: string;
  /** Decimal strings. */
  fiatAmount: string;
  cryptoAmount: string;
  price: string;
  /** The itemised fee (the contracts' quoteFeesSchema), decimal strings. */
  fees: unknown;
  promotionApplied: boolean;
  walletAddress: string | null;
  memo: string | null;
  /** The merchant transaction the quote is for, if any. */
  tranId: string | null;
  expiresAt: Date;
}
