import {
  type addCardRequestSchema,
  type addWalletRequestSchema,
  type bindingStatusResultSchema,
  type cardSchema,
  type checkAddressResultSchema,
  type countryItemSchema,
  type currencyItemSchema,
  type currencyPairItemSchema,
  type featureSwitchItemSchema,
  type getQuoteRequestSchema,
  type kycLimitsResultSchema,
  type listCardResultSchema,
  PATHS,
  type promotionResultSchema,
  type quoteSchema,
  type submitBuyRequestSchema,
  type submitBuyResultSchema,
  type walletSchema,
  type listWalletResultSchema,
  type orderInfoSchema,
} from '@causeway/contracts';
import type { z } from 'zod';
import type { HttpClient } from '@/lib/http-client';

// Every answer is typed from its contract schema: a shape is written once, in packages/contracts.
export type Card = z.infer<typeof cardSchema>;
export type CardList = z.infer<typeof listCardResultSchema>;
export type AddCardBody = z.input<typeof addCardRequestSchema>;
export type Quote = z.infer<typeof quoteSchema>;
export type QuoteBody = z.input<typeof getQuoteRequestSchema>;
export type SubmitBuyBody = z.input<typeof submitBuyRequestSchema>;
export type SubmitBuyResult = z.infer<typeof submitBuyResultSchema>;
export type Promotion = z.infer<typeof promotionResultSchema>;
export type Wallet = z.infer<typeof walletSchema>;
export type WalletList = z.infer<typeof listWalletResultSchema>;
export type OrderInfo = z.infer<typeof orderInfoSchema>;
export type AddWalletBody = z.input<typeof addWalletRequestSchema>;
export type CurrencyItem = z.infer<typeof currencyItemSchema>;
export type CurrencyPair = z.infer<typeof currencyPairItemSchema>;
export type CheckAddressResult = z.infer<typeof checkAddressResultSchema>;
export type KycLimits = z.infer<typeof kycLimitsResultSchema>;
export type FeatureSwitchItem = z.infer<typeof featureSwitchItemSchema>;
export type Country = z.infer<typeof countryItemSchema>;
export type BindingStatus = z.infer<typeof bindingStatusResultSchema>;

/** The card page trades on one channel with one method (spec §4 trade routing: card → the card page). */
export const CARD_CHANNEL = 'CHECKOUT';
export const CARD_PAYMENT_METHOD = 'CARD';
/** The web client's version for the feature switch (spec §9 feature version 1025). */
export const FEATURE_SWITCH_VERSION = 1025;

/**
 * The trade page's calls. None is silent: the spec §8 reactions (a dead session → sign-in,
 * GAT9000001 → services-unavailable) apply, and order and card paths never toast a message, so
 * the page shows its own words for their business errors. Wallet paths do toast (spec §8), so
 * the best-effort save of an address is silent.
 */
export function createTradeApi(client: HttpClient) {
  return {
    listCards: () => client.post<CardList>(PATHS.listCard, { channelCode: CARD_CHANNEL }),
    /** The only call with a full number and CVV: they go to the card processor, never to logs. */
    addCard: (body: AddCardBody) => client.post<Card>(PATHS.addCard, body),
    deleteCard: (cardId: string) => client.post<null>(PATHS.deleteCard, { cardId }),
    getQuote: (body: QuoteBody, signal?: AbortSignal) => client.post<Quote>(PATHS.getQuote, body, { signal }),
    /** A fresh price for the same order and amounts; the old quote is superseded. */
    updateQuote: (orderId: string, quoteId: string, signal?: AbortSignal) => client.post<Quote>(PATHS.updateQuote, { orderId, quoteId }, { signal }),
    /** Idempotent by orderId: the same body answers the first answer. */
    submitBuy: (body: SubmitBuyBody) => client.post<SubmitBuyResult>(PATHS.submitBuy, body),
    getPromotion: () => client.post<Promotion>(PATHS.getPromotion),
    listWallets: async (cryptoCurrency: string, network: string) => (await client.post<WalletList>(PATHS.listWallet, { cryptoCurrency, network })).list,
    addWallet: (body: AddWalletBody) => client.post<Wallet>(PATHS.addWallet, body, { silent: true }),
    listCurrencies: () => client.get<CurrencyItem[]>(PATHS.listCurrency),
    /** The pairs of one fiat offered for card buys. */
    listPairs: (baseCurrency: string) =>
      client.get<CurrencyPair[]>(PATHS.listCurrencyPairByBaseCurrency, { query: { baseCurrency, channelCode: CARD_CHANNEL, transactionType: 'buy' } }),
    checkAddress: () => client.get<CheckAddressResult>(PATHS.kycCheckAddress),
    kycLimits: () => client.get<KycLimits>(PATHS.kycLimits),
    /** common/get-trans-info: what a merchant's transaction buys (before or after sign-in). */
    transInfo: (tranId: string) => client.get<OrderInfo>(PATHS.getTransInfo, { query: { tranId } }),
    featureSwitch: (entry: string) => client.get<FeatureSwitchItem[]>(PATHS.featureSwitch, { query: { clientType: 'Web', entry, version: FEATURE_SWITCH_VERSION } }),
    countries: () => client.get<Country[]>(PATHS.listCountryCode),
    /** The authenticator check before a buy (spec §4), scenario BUY. */
    bindingStatus: () => client.get<BindingStatus>(PATHS.authenticatorBindingStatus, { query: { scenario: 'BUY' } }),
  };
}

export type TradeApi = ReturnType<typeof createTradeApi>;
