import { isFinalOrderStatus } from '@causeway/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useHttpClient } from '@/lib/http-context';
import { isOffline } from '@/lib/http-errors';
import { poll } from '@/lib/polling';
import { createOrdersApi, type OrderDetail } from '../api/orders-api';

/** The result page asks for the order this often until it reaches a final status. */
export const RESULT_POLL_INTERVAL_MS = 2000;
/**
 * Ten minutes of polls. PROCESSING normally ends within PROCESSING_WAIT_SECONDS; past this the
 * page stops asking by itself (a tab left open should not poll for the order's whole 24 h) and
 * offers Check again and the history.
 */
export const RESULT_POLL_MAX_COUNT = 300;

export interface OrderPolling {
  /** The latest answer; kept while a later poll fails. */
  detail: OrderDetail | undefined;
  /** Why the polling stopped with a failure (already reported). */
  error: unknown;
  /** True when RESULT_POLL_MAX_COUNT polls ended before a final status. */
  stalled: boolean;
  /** Starts polling again (after a failure or a stall). */
  restart: () => void;
}

/**
 * Polls get-detail every 2 s (lib/polling) until the order's status is final. The first failure
 * ends the polling and goes through `client.report` (docs/rules/errors.md: a dead session goes to sign-in);
 * once the page shows the order, a dropped connection only skips a poll, so a blip does not
 * replace the order with an error. `orderId` null polls nothing.
 */
export function useOrderPolling(orderId: string | null): OrderPolling {
  const client = useHttpClient();
  const api = useMemo(() => createOrdersApi(client), [client]);
  const [round, setRound] = useState(0);
  const [detail, setDetail] = useState<OrderDetail>();
  const [error, setError] = useState<unknown>();
  const [stalled, setStalled] = useState(false);

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let hasDetail = false;
    poll({
      request: async (signal) => {
        const answer = await api.getDetail(orderId, signal);
        hasDetail = true;
        setDetail(answer);
        return answer;
      },
      isDone: (answer) => isFinalOrderStatus(answer.status),
      intervalMs: RESULT_POLL_INTERVAL_MS,
      maxCount: RESULT_POLL_MAX_COUNT,
      isRetryableError: (failure) => hasDetail && isOffline(failure),
      onTimeout: () => setStalled(true),
      signal: controller.signal,
    }).catch((failure: unknown) => {
      client.report(failure);
      setError(failure);
    });
    return () => controller.abort();
  }, [api, client, orderId, round]);

  const restart = () => {
    setError(undefined);
    setStalled(false);
    setRound((value) => value + 1);
  };
  return { detail, error, stalled, restart };
}
