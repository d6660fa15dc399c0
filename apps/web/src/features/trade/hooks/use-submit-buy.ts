import { ErrorCode, type SubmitBuyRequest } from '@causeway/contracts';
import { useNavigate, useParams } from 'react-router';
import { type AuthenticatorApi, decideAuthenticatorCheck } from '@/lib/authenticator-api';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { isApiError, isError, isLocked } from '@/lib/http-errors';
import { forgetPreOrderId, storedPreOrderId } from '@/lib/merchant-transaction';
import { orderLinks } from '@/lib/order-links';
import { useApiMutation } from '@/lib/use-api-mutation';
import { channelOf, type KlarnaSessionInfo, type SubmitBuyResult, type TradeApi } from '../api/trade-api';
import { WRONG_OTP_ERRORS } from '../trade-errors';
import type { OrderToSubmit, PaymentAction, PaymentFailureView } from '../trade-form-state';

/** RequestStillProcessing: the first submit of this order is still running; its answer is waited for this long, then the result page follows it. */
export const STILL_PROCESSING_WAIT_MS = 3000;

/** No answer (offline, the 30 s timeout, or a gateway's non-envelope page): the order's fate is unknown. */
const isNoResponse = (error: unknown) =>
  isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'badResponse');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SubmitBuyOptions {
  /** The authenticator calls (lib/authenticator-api): binding status, scenario BUY, before the order is sent. */
  authenticator: AuthenticatorApi;
  /** The form's reducer, which holds where the flow stands (trade-form-state.ts). */
  dispatch: (action: PaymentAction) => void;
  /** Whether the order's quote is still the live one and firm (checked at Pay and before sending). */
  isQuoteFirm: (quoteId: string) => boolean;
  /** A failure the form must show: the form reacts to it (a new quote, the cards again) and says how it shows it. */
  onFailure: (error: unknown) => PaymentFailureView;
  onAccepted?: () => void;
  /**
   * A Klarna buy was taken and waits for Klarna's widget (submit-buy answered its session): the form
   * opens the widget and answers true. Otherwise (false, or no handler) the order's result page follows it.
   */
  onKlarnaSession?: (orderId: string, session: KlarnaSessionInfo) => boolean;
}

/**
 * The confirm-and-pay flow of docs/rules/order-states.md and docs/rules/calls.md: the authenticator check, submit-buy with the code
 * (otpType GA_OTP; the code goes with the order itself, since a code is accepted once), then the
 * page the answer leads to (a Klarna buy: Klarna's widget, through `onKlarnaSession`). Each step is dispatched to the form's reducer, whose `payment` state
 * the form renders; the two calls are mutations. `onAccepted` runs when the order was taken
 * (whatever its outcome); failures the form must show go to `onFailure`. The order is the one
 * confirmed at Pay: if its quote is no longer firm when it would be sent, nothing is sent.
 */
export function useSubmitBuy(
  api: TradeApi,
  { authenticator, dispatch, isQuoteFirm, onFailure, onAccepted, onKlarnaSession }: SubmitBuyOptions,
) {
  const navigate = useNavigate();
  const { lng = 'en' } = useParams();
  const check = useApiMutation({ mutationFn: () => authenticator.bindingStatus('BUY') });
  const submit = useApiMutation({ mutationFn: (body: SubmitBuyRequest) => api.submitBuy(body) });

  const go = (path: string, options?: { replace: boolean }) => void navigate(path, options);
  const follow = (orderId: string, result: SubmitBuyResult) => {
    // The merchant's preOrderId names this order now: the next buy gets an id of its own.
    if (storedPreOrderId() === orderId) forgetPreOrderId();
    // Replaced: Back from the bank's page must not reach a page that sends the person there again.
    if (result.threeDsUrl) return go(orderLinks.threeDs(lng, orderId), { replace: true });
    // A Klarna buy waits for Klarna's widget: the person answers it before anything is charged.
    if (result.klarna && result.status === 'OrderSubmitted' && onKlarnaSession?.(orderId, result.klarna)) return;
    if (result.status === 'FAILED' || result.status === 'BuySendFailed' || result.status === 'PARTIAL_AUTH') {
      const reason = result.failReason ?? (result.status === 'PARTIAL_AUTH' ? 'PARTIAL_AUTH' : null);
      return go(orderLinks.submitFail(lng, orderId, reason));
    }
    go(orderLinks.result(lng, orderId));
  };
  const fail = (error: unknown) => dispatch({ type: 'paymentFailed', view: onFailure(error) });

  /** submit-buy, with the authenticator code when one was asked for. */
  const send = async (order: OrderToSubmit, otpCode?: string) => {
    if (!isQuoteFirm(order.quoteId)) return dispatch({ type: 'quoteChanged' });
    dispatch({ type: 'sending' });
    const { orderId } = order;
    const method = order.paymentMethod ?? 'CARD';
    try {
      const result = await submit.mutateAsync({
        orderId,
        quoteId: order.quoteId,
        // A Klarna buy names no card (the person pays in Klarna's widget), nor does a bank-transfer buy (the balance or a transfer pays it).
        ...(method === 'CARD' && order.cardId ? { cardId: order.cardId } : {}),
        channelCode: channelOf(method, order.fiatCurrency ?? ''),
        paymentMethod: method,
        cryptoCurrency: order.cryptoCurrency,
        walletAddress: order.walletAddress,
        ...(order.memo ? { memo: order.memo } : {}),
        ...(order.travelRule ? { travelRule: order.travelRule } : {}),
        ...(otpCode ? { otpType: 'GA_OTP' as const, otpCode } : {}),
      });
      onAccepted?.();
      follow(orderId, result);
    } catch (error) {
      if (isNoResponse(error)) return go(orderLinks.submitFail(lng, orderId, 'NO_RESPONSE'));
      if (isError(error, ErrorCode.RequestStillProcessing)) {
        await wait(STILL_PROCESSING_WAIT_MS);
        return go(orderLinks.result(lng, orderId));
      }
      if (isError(error, ErrorCode.OrderAlreadySubmitted)) return go(orderLinks.result(lng, orderId));
      // Locked, the modal stays and says so: a new code would be refused too, without being checked.
      if (otpCode && isLocked(error)) return dispatch({ type: 'codeRefused', reason: 'locked' });
      if (otpCode && isError(error, ...WRONG_OTP_ERRORS)) return dispatch({ type: 'codeRefused', reason: 'invalid' });
      if (!otpCode && isError(error, ErrorCode.AuthenticatorCodeRequiredForOrder)) return dispatch({ type: 'codeAsked' });
      // The merchant's preOrderId names someone's order already (a link opened twice): the next try gets its own id.
      if (storedPreOrderId() === orderId && isError(error, ErrorCode.IdempotencyKeyReused)) forgetPreOrderId();
      fail(error);
    }
  };

  /** Confirm pressed: the authenticator check first (skip-otp and the Roma channel need none). */
  const begin = async (order: OrderToSubmit) => {
    if (!isQuoteFirm(order.quoteId)) return dispatch({ type: 'quoteChanged' });
    dispatch({ type: 'checkStarted' });
    try {
      const status = await check.mutateAsync();
      const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
      const step = decideAuthenticatorCheck(status, isRoma);
      if (step === 'none') return await send(order);
      dispatch({ type: 'authenticatorAsked', step: step === 'bind' ? 'bind' : 'code', email: status.email });
    } catch (error) {
      fail(error);
    }
  };

  return { begin, send };
}
