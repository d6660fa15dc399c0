import { isFinalOrderStatus } from '@causeway/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useHttpClient } from '@/lib/http-context';
import { isOffline } from '@/lib/http-errors';
import { poll } from '@/lib/polling';
import { createOrdersApi, type OrderDetail } from '../api/orders-api';
import { isAwaitingDeposit } from '../sell-format';

/** The result page asks for the order this often until it reaches a final status. */
export const RESULT_POLL_INTERVAL_MS = 2000;
/**
 * Ten minutes of polls. PROCESSING normally ends within PROCESSING_WAIT_SECONDS; past this the
 * page stops asking by itself (a tab left open should not poll for the order's whole 24 h) and
 * offers Check again and the history.
 */
export const RESULT_POLL_MAX_COUNT = 300;
/**
 * A sell waiting for its crypto (OrderSubmitted) has a budget of its own, apart from the ten minutes
 * above: the deposit window is 30 minutes (docs/rules/sell-deposits.md), and a transfer seen in it
 * counts however long its confirmations take (BTC's 2 usually take some 20 minutes, sometimes more).
 * 90 minutes of polls: the window and an hour for the confirmations. The ten minutes start again
 * once the crypto is in (PROCESSING).
 */
export const SELL_DEPOSIT_POLL_MAX_COUNT = 2700;

/** Thrown by an attempt over its budget: the polling stops as stalled, not as failed. */
const OVER_BUDGET = Symbol('over budget');

export interface OrderPolling {
  /** The latest answer; kept while a later poll fails. */
  detail: OrderDetail | undefined;
  /** Why the polling stopped with a failure (already reported). */
  error: unknown;
  /** True when the polls' budget ended before a final status. */
  stalled: boolean;
  /** Starts polling again (after a failure or a stall). */
  restart: () => void;
}

/**
 * Polls get-detail every 2 s (lib/polling) until the order's status is final. The first failure
 * ends the polling and goes through `client.report` (docs/rules/errors.md: a dead session goes to sign-in);
 * once the page shows the order, a dropped connection only skips a poll, so a blip does not
 * replace the order with an error. `orderId` null polls nothing.
 *
 * Each attempt spends the budget of the stage the order was last seen in: a sell waiting for its
 * crypto SELL_DEPOSIT_POLL_MAX_COUNT, anything else RESULT_POLL_MAX_COUNT.
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
    let awaitingDeposit = false;
    const spent = { deposit: 0, other: 0 };
    poll({
      request: async (signal) => {
        if (awaitingDeposit ? ++spent.deposit > SELL_DEPOSIT_POLL_MAX_COUNT : ++spent.other > RESULT_POLL_MAX_COUNT) throw OVER_BUDGET;
        const answer = await api.getDetail(orderId, signal);
        hasDetail = true;
        awaitingDeposit = isAwaitingDeposit(answer);
        setDetail(answer);
        return answer;
      },
      isDone: (answer) => isFinalOrderStatus(answer.status),
      intervalMs: RESULT_POLL_INTERVAL_MS,
      // The budgets above end it (OVER_BUDGET): the attempts are counted per stage there.
      maxCount: Number.POSITIVE_INFINITY,
      isRetryableError: (failure) => failure !== OVER_BUDGET && hasDetail && isOffline(failure),
      signal: controller.signal,
    }).catch((failure: unknown) => {
      if (failure === OVER_BUDGET) return setStalled(true);
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
