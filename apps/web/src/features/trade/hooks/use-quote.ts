import { isError } from '@/lib/http-errors';
import { ErrorCode } from '@causeway/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { channelOf, type PaymentMethod, type Quote, type QuoteBody, type TradeApi } from '../api/trade-api';
import type { Selection } from '../trade-state';

/** How much to quote: an amount in the fiat currency or in the coin, whichever the person typed. */
export interface QuoteAmount {
  unit: 'fiat' | 'crypto';
  /** A positive decimal string. */
  amount: string;
}

export interface LiveQuote {
  quote: Quote | undefined;
  /** A quote for other inputs is shown while the new one loads. */
  isStale: boolean;
  isFetching: boolean;
  error: unknown;
  /** Seconds the shown quote stays firm; 0 while it is being renewed. */
  secondsLeft: number;
  /** The last quote ran out and the server said Quotation Expired: a new one was asked for. */
  wasExpired: boolean;
  /** Asks a new quote for the same inputs (after a stale-quote or expired-quote answer, or Try again). */
  refresh: () => void;
  /**
   * Whether `quoteId` is still the live quote and still firm right now (read when Pay is pressed
   * and again just before the order is sent: a renewal may have replaced it meanwhile).
   */
  isFirm: (quoteId: string) => boolean;
}

export interface QuoteOptions {
  /** No renewal starts while true (a payment is under way: the price confirmed must not move). */
  paused?: boolean;
  /** The merchant's transaction the quotes are for. */
  tranId?: string | undefined;
  /** buy (the default) or sell: a sell quote prices crypto the person sends. */
  transactionType?: 'buy' | 'sell';
  /**
   * CARD (the default), KLARNA or BANK_TRANSFER: a Klarna quote is asked on the KLARNA channel, a bank
   * transfer's on the bank channel of its currency, each with its own fee.
   */
  paymentMethod?: PaymentMethod;
}

const bodyOf = (
  orderId: string,
  selection: Selection,
  amount: QuoteAmount,
  { tranId, transactionType = 'buy', paymentMethod = 'CARD' }: Omit<QuoteOptions, 'paused'> = {},
): QuoteBody => ({
  orderId,
  channelCode: channelOf(paymentMethod, selection.fiat),
  paymentMethod,
  transactionType,
  fiatCurrency: selection.fiat,
  cryptoCurrency: selection.crypto,
  network: selection.network,
  ...(amount.unit === 'fiat' ? { fiatAmount: amount.amount } : { cryptoAmount: amount.amount }),
  ...(tranId ? { tranId } : {}),
});

/**
 * Taken off every quote's life. The server rounds expiresInSeconds (up to 0.5 s over) and checks
 * the quote when the order reaches it, a round trip after Pay: a quote shown as firm must be.
 */
export const QUOTE_MARGIN_MS = 2000;

/** A quote with the client-clock time until which it may be paid. */
interface FirmQuote {
  quote: Quote;
  firmUntil: number;
  receivedAt: number;
}

/**
 * Asks for a quote and dates it from when it was asked: the server started the quote no earlier
 * than that, so the client never counts the request's travel time as the quote's own.
 */
async function askFirmQuote(ask: () => Promise<Quote>): Promise<FirmQuote> {
  const askedAt = Date.now();
  const quote = await ask();
  return { quote, firmUntil: askedAt + quote.expiresInSeconds * 1000 - QUOTE_MARGIN_MS, receivedAt: Date.now() };
}

/** Ticks once a second while `active`, answering the current time in ms. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const onVisibilityChange = (notify: () => void) => {
  document.addEventListener('visibilitychange', notify);
  return () => document.removeEventListener('visibilitychange', notify);
};

/** Whether the tab is hidden (a background tab renews no quote nobody looks at). */
function usePageHidden(): boolean {
  return useSyncExternalStore(
    onVisibilityChange,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

/**
 * The live quote of the order `orderId` (one id for the page's life): get-quote whenever the
 * selection or the settled amount changes; a countdown to its deadline (expiresInSeconds from when
 * it was asked, less {@link QUOTE_MARGIN_MS}); at 0 it renews itself with update-quote, and if the
 * server says Quotation Expired it asks get-quote again. `amount` null: nothing to quote (empty,
 * invalid or outside the pair's limits). Renewals wait while `paused` or while the tab is hidden,
 * and run at once when they resume after the deadline.
 */
export function useQuote(
  api: TradeApi,
  orderId: string,
  selection: Selection,
  amount: QuoteAmount | null,
  { paused = false, tranId, transactionType = 'buy', paymentMethod = 'CARD' }: QuoteOptions = {},
): LiveQuote {
  const queries = useQueryClient();
  const { fiat, crypto, network } = selection;
  const queryKey = useMemo(
    () => ['trade', 'quote', transactionType, paymentMethod, orderId, fiat, crypto, network, amount?.unit, amount?.amount] as const,
    [transactionType, paymentMethod, orderId, fiat, crypto, network, amount?.unit, amount?.amount],
  );
  const inputsKey = queryKey.join('|');
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      askFirmQuote(() => api.getQuote(bodyOf(orderId, selection, amount!, { tranId, transactionType, paymentMethod }), signal)),
    enabled: amount !== null,
    // A quote is renewed by its countdown, never by focus or age.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
  const [renewal, setRenewal] = useState<{ quoteId: string; inputsKey: string; error: unknown; expired: boolean } | null>(null);
  const renewing = useRef<string | null>(null);
  const firm = amount === null ? undefined : query.data;
  const quote = firm?.quote;
  const now = useNow(quote !== undefined);
  const deadline = firm?.firmUntil ?? 0;
  // The tick may predate the answer: count from the answer's arrival at the earliest.
  const secondsLeft = firm ? Math.max(0, Math.ceil((deadline - Math.max(now, firm.receivedAt)) / 1000)) : 0;
  const { refetch } = query;

  // A renewal stops when the inputs change or the page closes.
  const renewals = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    renewals.current = controller;
    return () => controller.abort();
  }, [inputsKey]);

  const renew = useCallback(
    async (current: Quote) => {
      if (renewing.current === current.quoteId) return;
      renewing.current = current.quoteId;
      const signal = renewals.current?.signal;
      try {
        const fresh = await askFirmQuote(() => api.updateQuote(orderId, current.quoteId, signal));
        queries.setQueryData(queryKey, fresh);
        setRenewal(null);
      } catch (error) {
        if (signal?.aborted) return;
        const expired = isError(error, ErrorCode.QuoteExpired);
        setRenewal({ quoteId: current.quoteId, inputsKey: queryKey.join('|'), error: expired ? null : error, expired });
        if (expired) await refetch();
      }
    },
    [api, orderId, queries, refetch, queryKey],
  );

  // At the deadline the quote renews itself (the countdown shows 0 until the new one arrives).
  const settledQuote = quote && !query.isFetching && !query.isPlaceholderData ? quote : null;
  const isHidden = usePageHidden();
  useEffect(() => {
    if (!settledQuote || paused || isHidden) return;
    const timer = setTimeout(() => void renew(settledQuote), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [settledQuote, deadline, renew, paused, isHidden]);

  // Read by isFirm from event handlers and async steps, which may hold an older render's values.
  const firmNow = useRef<{ quoteId: string; until: number } | null>(null);
  const liveQuote = quote && !query.isPlaceholderData ? quote : null;
  useEffect(() => {
    firmNow.current = liveQuote ? { quoteId: liveQuote.quoteId, until: deadline } : null;
  }, [liveQuote, deadline]);
  const isFirm = useCallback((quoteId: string) => firmNow.current?.quoteId === quoteId && Date.now() < firmNow.current.until, []);

  const refresh = useCallback(() => {
    setRenewal(null);
    void refetch();
  }, [refetch]);

  const renewalError = renewal && renewal.quoteId === quote?.quoteId ? renewal.error : null;
  return {
    quote,
    isStale: query.isPlaceholderData,
    isFetching: query.isFetching,
    error: amount === null ? null : (query.error ?? renewalError),
    secondsLeft,
    wasExpired: Boolean(renewal?.expired && renewal.inputsKey === inputsKey),
    refresh,
    isFirm,
  };
}
