import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CARD_CHANNEL, CARD_PAYMENT_METHOD, type Quote, type QuoteBody, type TradeApi } from '../api/trade-api';
import { codeOf, QUOTE_EXPIRED_CODE } from '../trade-errors';
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
}

const bodyOf = (orderId: string, selection: Selection, amount: QuoteAmount): QuoteBody => ({
  orderId,
  channelCode: CARD_CHANNEL,
  paymentMethod: CARD_PAYMENT_METHOD,
  transactionType: 'buy',
  fiatCurrency: selection.fiat,
  cryptoCurrency: selection.crypto,
  network: selection.network,
  ...(amount.unit === 'fiat' ? { fiatAmount: amount.amount } : { cryptoAmount: amount.amount }),
});

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

/**
 * The live quote of the order `orderId` (one id for the page's life): get-quote whenever the
 * selection or the settled amount changes; a countdown from the quote's expiresInSeconds; at 0
 * it renews itself with update-quote, and if the server says Quotation Expired it asks get-quote
 * again. `amount` null: nothing to quote (empty, invalid or outside the pair's limits).
 */
export function useQuote(api: TradeApi, orderId: string, selection: Selection, amount: QuoteAmount | null): LiveQuote {
  const queries = useQueryClient();
  const { fiat, crypto, network } = selection;
  const queryKey = useMemo(
    () => ['trade', 'quote', orderId, fiat, crypto, network, amount?.unit, amount?.amount] as const,
    [orderId, fiat, crypto, network, amount?.unit, amount?.amount],
  );
  const inputsKey = queryKey.join('|');
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.getQuote(bodyOf(orderId, selection, amount!), signal),
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
  const quote = amount === null ? undefined : query.data;
  const now = useNow(quote !== undefined);
  const deadline = quote ? query.dataUpdatedAt + quote.expiresInSeconds * 1000 : 0;
  const secondsLeft = quote ? Math.min(quote.expiresInSeconds, Math.max(0, Math.ceil((deadline - now) / 1000))) : 0;
  const { refetch } = query;

  const renew = useCallback(
    async (current: Quote) => {
      if (renewing.current === current.quoteId) return;
      renewing.current = current.quoteId;
      try {
        const fresh = await api.updateQuote(orderId, current.quoteId);
        queries.setQueryData(queryKey, fresh);
        setRenewal(null);
      } catch (error) {
        const expired = codeOf(error) === QUOTE_EXPIRED_CODE;
        setRenewal({ quoteId: current.quoteId, inputsKey: queryKey.join('|'), error: expired ? null : error, expired });
        if (expired) await refetch();
      }
    },
    [api, orderId, queries, refetch, queryKey],
  );

  // At the deadline the quote renews itself (the countdown shows 0 until the new one arrives).
  const settledQuote = quote && !query.isFetching && !query.isPlaceholderData ? quote : null;
  useEffect(() => {
    if (!settledQuote) return;
    const timer = setTimeout(() => void renew(settledQuote), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [settledQuote, deadline, renew]);

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
  };
}
