import { ErrorCode } from '@causeway/contracts';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isError } from '@/lib/http-errors';
import { orderLinks } from '@/lib/order-links';
import type { SubmitAuthTokenRequest, SubmitAuthTokenResult, TradeApi } from '../api/trade-api';
import { forgetKlarnaPayment } from '../klarna-payment';

/** Where the order goes once Klarna's answer is in: a failure to order-submit-fail with its reason; anything else to its result page. */
export function klarnaDestinationOf(lng: string, result: SubmitAuthTokenResult): string {
  if (result.status === 'FAILED') return orderLinks.submitFail(lng, result.orderId, result.failReason ?? 'KLARNA_DECLINED');
  // PROCESSING (Klarna accepted: it settles), or OrderSubmitted (Klarna's fraud check is pending): the result page follows it.
  return orderLinks.result(lng, result.orderId);
}

/** The order already has its answer (sent from another tab, or it ended): its result page says how it stands. */
const ALREADY_ANSWERED = [ErrorCode.KlarnaAuthorizationNotExpected, ErrorCode.IdempotencyKeyReused, ErrorCode.RequestStillProcessing];

export type KlarnaAuthorization = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; error: unknown };

/**
 * submit-auth-token with the widget's answer, then the page it leads to (replacing the current one:
 * Back must not send the answer again). A failure stays here for the page to show; `send` with the
 * same body tries again, which the server answers as the first time (idempotent by order).
 */
export function useKlarnaAuthorization(api: TradeApi) {
  const navigate = useNavigate();
  const { lng = 'en' } = useParams();
  const [authorization, setAuthorization] = useState<KlarnaAuthorization>({ state: 'idle' });
  const send = useCallback(
    async (body: SubmitAuthTokenRequest) => {
      setAuthorization({ state: 'sending' });
      try {
        const result = await api.submitAuthToken(body);
        forgetKlarnaPayment(body.orderId);
        void navigate(klarnaDestinationOf(lng, result), { replace: true });
      } catch (error) {
        if (isError(error, ...ALREADY_ANSWERED)) {
          forgetKlarnaPayment(body.orderId);
          return void navigate(orderLinks.result(lng, body.orderId), { replace: true });
        }
        setAuthorization({ state: 'failed', error });
      }
    },
    [api, lng, navigate],
  );
  return { authorization, send };
}
