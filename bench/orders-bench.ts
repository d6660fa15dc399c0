// Quotes and card orders under load (issue 5): get-quote alone, then quote + submit-buy pairs
// (every order needs its own firm quote), by buyers prepared in the targets process.
import { randomUUID } from 'node:crypto';
import { API_BASE, PATHS } from '@causeway/contracts';
import { load } from './load.ts';

export interface Buyer {
  token: string;
  cardId: string;
}

/** What one connection remembers between its quote and its submit. */
interface OrderContext {
  buyer?: Buyer;
  orderId?: string;
  quoteId?: string;
}

const QUOTE_BODY = {
  fiatCurrency: 'EUR',
  cryptoCurrency: 'BTC',
  network: 'BTC',
  fiatAmount: '20',
  walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

/** Each connection signs in as its own buyer, so one person's daily limit never stops the run. */
function buyerPicker(buyers: Buyer[]) {
  let next = 0;
  return (context: object): Buyer => {
    const state = context as OrderContext;
    state.buyer ??= buyers[next++ % buyers.length]!;
    return state.buyer;
  };
}

export async function measureQuotes(appAddress: string, buyers: Buyer[]) {
  const buyerOf = buyerPicker(buyers);
  return load(`${appAddress}${API_BASE}${PATHS.getQuote}`, {
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => ({
          ...request,
          headers: { 'content-type': 'application/json', token: buyerOf(context).token },
          body: JSON.stringify({ ...QUOTE_BODY, orderId: randomUUID() }),
        }),
      },
    ],
  });
}

/** Quote then submit, per order: answers the figure for the pair and the orders per second (half the requests). */
export async function measureOrders(appAddress: string, buyers: Buyer[]) {
  const buyerOf = buyerPicker(buyers);
  const pairs = await load(`${appAddress}${API_BASE}${PATHS.getQuote}`, {
    requests: [
      {
        method: 'POST',
        path: `${API_BASE}${PATHS.getQuote}`,
        setupRequest: (request, context) => {
          const state = context as OrderContext;
          state.orderId = randomUUID();
          return {
            ...request,
            headers: { 'content-type': 'application/json', token: buyerOf(context).token },
            body: JSON.stringify({ ...QUOTE_BODY, orderId: state.orderId }),
          };
        },
        onResponse: (_status, body, context) => {
          (context as OrderContext).quoteId = (JSON.parse(body) as { data?: { quoteId?: string } }).data?.quoteId;
        },
      },
      {
        method: 'POST',
        path: `${API_BASE}${PATHS.submitBuy}`,
        setupRequest: (request, context) => {
          const buyer = buyerOf(context);
          const { orderId, quoteId } = context as OrderContext;
          return {
            ...request,
            headers: { 'content-type': 'application/json', token: buyer.token },
            body: JSON.stringify({ orderId, quoteId, cardId: buyer.cardId }),
          };
        },
      },
    ],
  });
  return { ordersPerSecond: Math.round(pairs.requestsPerSecond / 2), requestsPerSecond: pairs.requestsPerSecond, p99Ms: pairs.p99Ms };
}
