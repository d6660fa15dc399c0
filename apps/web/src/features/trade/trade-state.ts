import type { AccountOverview } from '@causeway/contracts';
import { businessVerificationState } from '@/lib/business-verification';
import { isZeroDecimal } from '@/lib/decimal';
import { networkNameOf } from '@/lib/network-names';
import type { FinalOutcome } from '@/lib/support-form';
import { BANK_CHANNEL_OF, type CurrencyItem, type CurrencyPair, type FeatureSwitchItem, type KycLimits } from './api/trade-api';

/** What is being bought: with which fiat, which coin, on which network. */
export interface Selection {
  fiat: string;
  crypto: string;
  network: string;
}

/** What the card page offers, once everything it depends on has answered. */
export interface TradeOffer {
  /** Fiat currencies with at least one card-buy pair, in catalogue order. */
  fiats: CurrencyItem[];
  pairsByFiat: ReadonlyMap<string, CurrencyPair[]>;
  /** The catalogue's crypto currencies by code (names, networks, memo rules). */
  cryptos: ReadonlyMap<string, CurrencyItem>;
  /** The selection the page opens with (the query's, else the remembered fiat, else the first offered). */
  initial: Selection;
  /** A link's ?fiatAmount= (the start page's Continue), typed in for the person, who may change it. */
  askedFiatAmount?: string;
  /**
   * A merchant's transaction the page fills (tranId): its amount is typed in, its id goes with every
   * quote. What the merchant fixed (not a prefill) is shown read-only: the server refuses anything else.
   */
  transaction?: {
    tranId: string;
    merchantName: string;
    fiatAmount: string | null;
    cryptoAmount: string | null;
    amountFixed: boolean;
    /** The address (and memo) the crypto must go to, when the merchant fixed it. */
    fixedWallet: { address: string; memo: string } | null;
    /** Buy-and-send (BUY_SEND): the fixed address is the merchant's own, the coins pay the merchant. */
    sendsToMerchant: boolean;
  };
}

export type TradeLimit = KycLimits['userKycLimitVos'][number];

/** docs/rules/screens.md trade page states decided before the form (chooseCoin and unavailableCallback belong to the form). */
export type TradeSetupState =
  | { state: 'loading' }
  | { state: 'redirect'; to: string }
  /** `final`: the verification ended (failed, or the account closed): no step to go to, only support. */
  | { state: 'AccountNotReady'; statusPage: string; final?: FinalOutcome }
  | { state: 'kycAddress' }
  | { state: 'unavailable' }
  | { state: 'limit'; limit: TradeLimit }
  | { state: 'TradingPairUnsupported'; asked: Partial<Selection> }
  | { state: 'trade'; offer: TradeOffer };

export interface TradeInputs {
  account: AccountOverview;
  /** docs/rules/order-states.md gating's answer for this page (gateFor), or null to stay. */
  gate: string | null;
  addressRequired: boolean;
  features: FeatureSwitchItem[];
  currencies: CurrencyItem[];
  pairsByFiat: ReadonlyMap<string, CurrencyPair[]>;
  /** Null when the limits are not asked (the Roma channel skips them, docs/rules/roles.md). */
  limits: KycLimits | null;
  /** ?fiatCurrency=&cryptoCurrency=&network= */
  asked: Partial<Selection>;
  /** The fiat currency remembered from an earlier visit or the merchant (shared cookie). */
  rememberedFiat: string | undefined;
  /** The pairs the page may trade (default: card buys; the bank-transfer page: bank-transfer buys). */
  isOffered?: (pair: CurrencyPair) => boolean;
}

const STATUS_PAGES = ['account-status', 'account-status-entity', 'account-status-roma'];

/** docs/rules/kyb.md: a business trades once basic KYB passed, and standard (EDD) too when it applies. */
export const canBusinessTrade = (account: AccountOverview): boolean => businessVerificationState(account.kybInfo) === 'Pass';

/** An individual's verification that ended (the status page's final stages), or null. */
function finalOutcomeOf(account: AccountOverview): FinalOutcome | null {
  if (account.userType === 'Corporate') return null;
  if (account.accountStatus === 'Terminated') return 'Terminated';
  return account.kycInfo?.kycStatus === 'Fail' ? 'Fail' : null;
}

/** Where an account that may not buy yet is sent by the AccountNotReady button, or null when it may buy. */
function statusPageOf(account: AccountOverview, gate: string | null): string | null {
  if (account.userType === 'Corporate') return canBusinessTrade(account) ? null : 'corporation-portal/kyb-status';
  return gate && STATUS_PAGES.includes(gate) ? gate : null;
}

/** The pairs a card buy may use (the server filters by channel and type already; this keeps the page honest). */
export const isCardBuyPair = (pair: CurrencyPair) => pair.channels.includes('CHECKOUT') && pair.transactionTypes.includes('buy');

/** The pairs a bank-transfer buy may use: its currency's bank channel (docs/rules/bank-transfers.md), buys. */
export function isBankBuyPair(pair: CurrencyPair): boolean {
  const channel = BANK_CHANNEL_OF[pair.baseCurrency];
  return channel !== undefined && pair.channels.includes(channel) && pair.transactionTypes.includes('buy');
}

/** The pairs a Klarna buy may use (docs/rules/order-states.md "Klarna": the KLARNA channel, buys only). */
export const isKlarnaBuyPair = (pair: CurrencyPair) => pair.channels.includes('KLARNA') && pair.transactionTypes.includes('buy');

/**
 * The Klarna pair of what is being bought, when Klarna offers it (`pairs`: the KLARNA pairs of the
 * selection's fiat, or undefined while they are asked): the card page offers Klarna only then.
 */
export const klarnaPairOf = (pairs: readonly CurrencyPair[] | undefined, { fiat, crypto, network }: Selection) =>
  pairs?.find((pair) => isKlarnaBuyPair(pair) && pair.baseCurrency === fiat && pair.cryptoCurrency === crypto && pair.network === network);

const bySort = (a: CurrencyItem, b: CurrencyItem) => a.sort - b.sort || a.currency.localeCompare(b.currency);

/** The pairs of `fiat` in catalogue order of the coin, then of its networks. */
export function orderedPairs(offer: Pick<TradeOffer, 'pairsByFiat' | 'cryptos'>, fiat: string): CurrencyPair[] {
  const rank = (pair: CurrencyPair) => {
    const coin = offer.cryptos.get(pair.cryptoCurrency);
    const networkIndex = coin?.networks.findIndex((n) => n.network === pair.network) ?? -1;
    return [coin?.sort ?? Number.MAX_SAFE_INTEGER, networkIndex === -1 ? Number.MAX_SAFE_INTEGER : networkIndex] as const;
  };
  return [...(offer.pairsByFiat.get(fiat) ?? [])].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || a.cryptoCurrency.localeCompare(b.cryptoCurrency);
  });
}

/** The coin chooser's list for `fiat`: each coin once, in catalogue order, with its networks and their names. */
export function coinsOf(offer: Pick<TradeOffer, 'pairsByFiat' | 'cryptos'>, fiat: string) {
  const pairs = orderedPairs(offer, fiat);
  return [...new Set(pairs.map((p) => p.cryptoCurrency))].map((code) => ({
    currency: code,
    name: offer.cryptos.get(code)?.name ?? code,
    networks: pairs
      .filter((p) => p.cryptoCurrency === code)
      .map((p) => ({ network: p.network, networkName: networkNameOf(offer.cryptos.values(), code, p.network) })),
  }));
}

export const findPair = (offer: Pick<TradeOffer, 'pairsByFiat'>, { fiat, crypto, network }: Selection) =>
  offer.pairsByFiat.get(fiat)?.find((pair) => pair.cryptoCurrency === crypto && pair.network === network);

/**
 * The trade page's state from what the server said, in the order a person must clear them:
 * account gating, then the address step, then whether card buys are offered at all, then the
 * tier's limit, then the pair the link asked for.
 */
export function decideTradeState(inputs: TradeInputs): Exclude<TradeSetupState, { state: 'loading' }> {
  const statusPage = statusPageOf(inputs.account, inputs.gate);
  if (statusPage) {
    const final = finalOutcomeOf(inputs.account);
    return final ? { state: 'AccountNotReady', statusPage, final } : { state: 'AccountNotReady', statusPage };
  }
  if (inputs.gate) return { state: 'redirect', to: inputs.gate };
  if (inputs.addressRequired) return { state: 'kycAddress' };

  const buySwitch = inputs.features.find((feature) => feature.label === 'buy');
  const isOffered = inputs.isOffered ?? isCardBuyPair;
  const pairsByFiat = new Map([...inputs.pairsByFiat].map(([fiat, pairs]) => [fiat, pairs.filter(isOffered)] as const));
  const fiats = inputs.currencies.filter((c) => c.assetType === 'fiat' && (pairsByFiat.get(c.currency)?.length ?? 0) > 0).sort(bySort);
  if (buySwitch?.enable === false || fiats.length === 0) return { state: 'unavailable' };

  const exhausted = inputs.limits?.userKycLimitVos.find((limit) => limit.current && isZeroDecimal(limit.availableAmount));
  if (exhausted) return { state: 'limit', limit: exhausted };

  const cryptos = new Map(inputs.currencies.filter((c) => c.assetType === 'crypto').map((c) => [c.currency, c] as const));
  const offer = { pairsByFiat, cryptos };
  const { asked } = inputs;
  const offered = (code: string | undefined) => fiats.some((fiat) => fiat.currency === code);
  if (asked.fiat && !offered(asked.fiat)) return { state: 'TradingPairUnsupported', asked };
  const fiat = asked.fiat ?? (offered(inputs.rememberedFiat) ? inputs.rememberedFiat! : fiats[0]!.currency);
  const pairs = orderedPairs(offer, fiat);
  let pair = pairs[0];
  if (asked.crypto) {
    pair = pairs.find((p) => p.cryptoCurrency === asked.crypto && (!asked.network || p.network === asked.network));
    if (!pair) return { state: 'TradingPairUnsupported', asked };
  }
  if (!pair) return { state: 'unavailable' };
  return { state: 'trade', offer: { fiats, pairsByFiat, cryptos, initial: { fiat, crypto: pair.cryptoCurrency, network: pair.network } } };
}
