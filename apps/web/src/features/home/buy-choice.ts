import type { CurrencyItem, CurrencyPairItem } from '@causeway/contracts';
import { cleanAmountInput, compareDecimal, isPositiveDecimal } from '@/lib/decimal';
import { fiatDecimalsOf } from '@/lib/money-format';

/** What the start page's buy form holds: the fiat, the coin and its network, and the fiat amount typed. */
export interface BuyChoice {
  fiat: string;
  crypto: string;
  network: string;
  amount: string;
}

/** What can be bought by card, per fiat (list-currency-pair-by-base-currency, card buys), in catalogue order. */
export interface BuyOffer {
  fiats: CurrencyItem[];
  cryptos: ReadonlyMap<string, CurrencyItem>;
  pairsByFiat: ReadonlyMap<string, CurrencyPairItem[]>;
}

/** The amount a first visit starts with: enough to show a real price, and inside every seeded range. */
export const DEFAULT_AMOUNT = '100';

/** The coin offered first when the fiat has it: the one most people come for. */
const FIRST_COIN = 'BTC';

/** A fiat's pairs, by the catalogue's order of coins, then of each coin's networks. */
export function orderedPairs(offer: Pick<BuyOffer, 'cryptos' | 'pairsByFiat'>, fiat: string): CurrencyPairItem[] {
  const rank = (pair: CurrencyPairItem) => {
    const coin = offer.cryptos.get(pair.cryptoCurrency);
    const networkIndex = coin?.networks.findIndex((n) => n.network === pair.network) ?? -1;
    return [coin?.sort ?? Number.MAX_SAFE_INTEGER, networkIndex === -1 ? Number.MAX_SAFE_INTEGER : networkIndex] as const;
  };
  return [...(offer.pairsByFiat.get(fiat) ?? [])].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || a.cryptoCurrency.localeCompare(b.cryptoCurrency);
  });
}

/** The coins a fiat buys, each once, in order. */
export const coinsOf = (offer: BuyOffer, fiat: string): string[] => [...new Set(orderedPairs(offer, fiat).map((p) => p.cryptoCurrency))];

/** The networks a fiat buys a coin on, in order. */
export const networksOf = (offer: BuyOffer, fiat: string, crypto: string): string[] =>
  orderedPairs(offer, fiat)
    .filter((pair) => pair.cryptoCurrency === crypto)
    .map((pair) => pair.network);

export const pairOf = (offer: BuyOffer, choice: Pick<BuyChoice, 'fiat' | 'crypto' | 'network'>): CurrencyPairItem | undefined =>
  offer.pairsByFiat.get(choice.fiat)?.find((pair) => pair.cryptoCurrency === choice.crypto && pair.network === choice.network);

/** The coin and network for a fiat: those asked when the fiat offers them, else its first coin (BTC first) and that coin's first network. */
function coinFor(offer: BuyOffer, fiat: string, asked: { crypto?: string | undefined; network?: string | undefined }) {
  const coins = coinsOf(offer, fiat);
  const crypto = asked.crypto && coins.includes(asked.crypto) ? asked.crypto : coins.includes(FIRST_COIN) ? FIRST_COIN : coins[0]!;
  const networks = networksOf(offer, fiat, crypto);
  const network = asked.network && networks.includes(asked.network) ? asked.network : networks[0]!;
  return { crypto, network };
}

/** The default amount within the pair's range: 100, raised to its minimum or lowered to its maximum. */
function amountWithin(pair: CurrencyPairItem | undefined): string {
  if (!pair) return DEFAULT_AMOUNT;
  if (compareDecimal(DEFAULT_AMOUNT, pair.minAmount) < 0) return pair.minAmount;
  if (compareDecimal(DEFAULT_AMOUNT, pair.maxAmount) > 0) return pair.maxAmount;
  return DEFAULT_AMOUNT;
}

const readCode = (params: URLSearchParams, name: string) => params.get(name)?.trim().toUpperCase() || undefined;

/**
 * The choice the page opens with: the query's (`?fiatCurrency=&cryptoCurrency=&network=&fiatAmount=`,
 * what the page keeps in its URL), else the remembered fiat, else the first fiat offered; its coin
 * and network as asked when offered, else the first; the amount asked, else the default one. Every
 * part is checked against the offer: a query is anyone's to write. Undefined when nothing is offered.
 */
export function initialChoice(offer: BuyOffer, params: URLSearchParams, rememberedFiat: string | undefined): BuyChoice | undefined {
  const offered = offer.fiats.map((item) => item.currency);
  const askedFiat = readCode(params, 'fiatCurrency');
  const fiat = [askedFiat, rememberedFiat].find((code) => code && offered.includes(code)) ?? offered[0];
  if (!fiat) return undefined;
  const { crypto, network } = coinFor(offer, fiat, { crypto: readCode(params, 'cryptoCurrency'), network: readCode(params, 'network') });
  const asked = params.get('fiatAmount')?.trim() ?? '';
  const amount = isPositiveDecimal(asked)
    ? cleanAmountInput(asked, fiatDecimalsOf(fiat, offer.fiats))
    : amountWithin(pairOf(offer, { fiat, crypto, network }));
  return { fiat, crypto, network, amount };
}

/** Another fiat keeps the coin and network when it offers them; else its first. */
export function choiceForFiat(offer: BuyOffer, choice: BuyChoice, fiat: string): BuyChoice {
  return { ...choice, fiat, ...coinFor(offer, fiat, choice) };
}

/** Another coin keeps the network when the coin is offered on it; else the coin's first network. */
export function choiceForCoin(offer: BuyOffer, choice: BuyChoice, crypto: string): BuyChoice {
  return { ...choice, ...coinFor(offer, choice.fiat, { crypto, network: choice.network }) };
}

/** The choice as a query: what the page keeps in its URL and the trade page reads (docs/rules/screens.md). */
export function choiceQuery(choice: BuyChoice): string {
  const query = new URLSearchParams({ fiatCurrency: choice.fiat, cryptoCurrency: choice.crypto, network: choice.network });
  if (isPositiveDecimal(choice.amount)) query.set('fiatAmount', choice.amount);
  return query.toString();
}

/** Where the buy goes on once the person is signed in: the card trade page with the choice (locale-free, no leading slash). */
export const buyTargetOf = (choice: BuyChoice): string => `card-buy-sell?${choiceQuery(choice)}`;

/** Whether an amount is one the pair takes: a positive decimal within its range. */
export function amountProblem(amount: string, pair: Pick<CurrencyPairItem, 'minAmount' | 'maxAmount'>): 'empty' | 'range' | null {
  if (!isPositiveDecimal(amount)) return 'empty';
  return compareDecimal(amount, pair.minAmount) < 0 || compareDecimal(amount, pair.maxAmount) > 0 ? 'range' : null;
}
