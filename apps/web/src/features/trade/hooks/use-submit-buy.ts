import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type AuthenticatorApi, decideAuthenticatorCheck } from '@/lib/authenticator-api';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { isApiError, isLocked } from '@/lib/http-errors';
import { orderLinks } from '@/lib/order-links';
import { CARD_CHANNEL, CARD_PAYMENT_METHOD, type SubmitBuyResult, type TradeApi } from '../api/trade-api';
import { ALREADY_SUBMITTED_CODE, codeOf, OTP_REQUIRED_CODE, STILL_PROCESSING_CODE, WRONG_OTP_CODES } from '../trade-errors';

/** IDM0000409: the first submit of this order is still running; its answer is waited for this long, then the result page follows it. */
export const STILL_PROCESSING_WAIT_MS = 3000;

export interface OrderToSubmit {
  orderId: string;
  quoteId: string;
  cardId: string;
  cryptoCurrency: string;
  walletAddress: string;
  memo: string;
}

/**
 * idle → checking (binding status, scenario BUY) → bind or code when an authenticator is asked
 * for → processing (submit-buy) → a navigation, or back to idle with the failure for the form.
 */
export type SubmitPhase = 'idle' | 'checking' | 'bind' | 'code' | 'processing';

/** Why the code modal asks again: the last code was wrong, or the authenticator is locked (USE000002002: five wrong codes, for an hour). */
export type CodeRefused = 'invalid' | 'locked' | null;

/** No answer (offline, the 30 s timeout, or a gateway's non-envelope page): the order's fate is unknown. */
const isNoResponse = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'badResponse');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SubmitBuyOptions {
  /** Whether the order's quote is still the live one and firm (checked at Pay and before sending). */
  isQuoteFirm: (quoteId: string) => boolean;
  /** The confirmed quote was renewed or ran out: back to the confirm step, nothing was sent. */
  onQuoteChanged: () => void;
  onFailure: (error: unknown) => void;
  onAccepted?: () => void;
  /** The authenticator calls (lib/authenticator-api): binding status, scenario BUY, before the order is sent. */
  authenticator: AuthenticatorApi;
}

/**
 * The confirm-and-pay flow of spec §4 and §7: the authenticator check, submit-buy with the code
 * (otpType GA_OTP; the code goes with the order itself, since a code is accepted once), then the
 * page the answer leads to. `onAccepted` runs when the order was taken (whatever its outcome);
 * failures the form must show go to `onFailure`. The order is the one confirmed at Pay: if its
 * quote is no longer firm when it would be sent, nothing is sent and `onQuoteChanged` runs.
 */
export function useSubmitBuy(api: TradeApi, { isQuoteFirm, onQuoteChanged, onFailure, onAccepted, authenticator }: SubmitBuyOptions) {
  const navigate = useNavigate();
  const { lng = 'en' } = useParams();
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [email, setEmail] = useState('');
  const [codeError, setCodeError] = useState<CodeRefused>(null);

  const go = (path: string, options?: { replace: boolean }) => void navigate(path, options);
  const follow = (orderId: string, result: SubmitBuyResult) => {
    // Replaced: Back from the bank's page must not reach a page that sends the person there again.
    if (result.threeDsUrl) return go(orderLinks.threeDs(lng, orderId), { replace: true });
    if (result.status === 'FAILED' || result.status === 'PARTIAL_AUTH') {
      const reason = result.failReason ?? (result.status === 'PARTIAL_AUTH' ? 'PARTIAL_AUTH' : null);
      return go(orderLinks.submitFail(lng, orderId, reason));
    }
    go(orderLinks.result(lng, orderId));
  };

  /** submit-buy, with the authenticator code when one was asked for. */
  const send = async (order: OrderToSubmit, otpCode?: string) => {
    if (!isQuoteFirm(order.quoteId)) {
      setCodeError(null);
      setPhase('idle');
      return onQuoteChanged();
    }
    setPhase('processing');
    setCodeError(null);
    const { orderId } = order;
    try {
      const result = await api.submitBuy({
        orderId,
        quoteId: order.quoteId,
        cardId: order.cardId,
        channelCode: CARD_CHANNEL,
        paymentMethod: CARD_PAYMENT_METHOD,
        cryptoCurrency: order.cryptoCurrency,
        walletAddress: order.walletAddress,
        ...(order.memo ? { memo: order.memo } : {}),
        ...(otpCode ? { otpType: 'GA_OTP' as const, otpCode } : {}),
      });
      onAccepted?.();
      follow(orderId, result);
    } catch (error) {
      const code = codeOf(error);
      if (isNoResponse(error)) return go(orderLinks.submitFail(lng, orderId, 'NO_RESPONSE'));
      if (code === STILL_PROCESSING_CODE) {
        await wait(STILL_PROCESSING_WAIT_MS);
        return go(orderLinks.result(lng, orderId));
      }
      if (code === ALREADY_SUBMITTED_CODE) return go(orderLinks.result(lng, orderId));
      // Locked, the modal stays and says so: a new code would be refused too, without being checked.
      if (otpCode && isLocked(error)) {
        setCodeError('locked');
        return setPhase('code');
      }
      if (otpCode && code && WRONG_OTP_CODES.includes(code)) {
        setCodeError('invalid');
        return setPhase('code');
      }
      if (!otpCode && code === OTP_REQUIRED_CODE) return setPhase('code');
      setPhase('idle');
      onFailure(error);
    }
  };

  /** Confirm pressed: the authenticator check first (skip-otp and the Roma channel need none). */
  const begin = async (order: OrderToSubmit) => {
    if (!isQuoteFirm(order.quoteId)) return onQuoteChanged();
    setPhase('checking');
    try {
      const status = await authenticator.bindingStatus('BUY');
      const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
      const step = decideAuthenticatorCheck(status, isRoma);
      setEmail(status.email);
      if (step === 'none') return await send(order);
      setPhase(step === 'bind' ? 'bind' : 'code');
    } catch (error) {
      setPhase('idle');
      onFailure(error);
    }
  };

  return {
    phase,
    /** The account's email, for the bind modal. */
    email,
    /** Why the last code was refused, if it was: the code modal says so. */
    codeError,
    begin,
    send,
    /** The bind succeeded: the code is asked next. */
    bound: () => setPhase('code'),
    cancel: () => {
      setCodeError(null);
      setPhase('idle');
    },
  };
}
