import { isOrderId } from '@causeway/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, Spinner } from '@/ui';
import { useTradeApi } from '../api/trade-queries';
import { KlarnaAuthorizationFailure } from '../components/klarna-authorization-failure';
import { useKlarnaAuthorization } from '../hooks/use-klarna-authorization';
import {
  authTokenBody,
  cardPageAfterKlarna,
  keepKlarnaPayment,
  type KeptKlarnaPayment,
  type KlarnaAnswer,
  type KlarnaNotFinishedState,
  keptKlarnaPayment,
  outcomeOf,
  parseKlarnaAnswer,
} from '../klarna-payment';
import { useTranslation } from '../texts';

/** What the page arrived with: the order's kept Klarna payment and the widget's answer (from the fragment, or kept from a first visit). */
interface Arrival {
  kept: KeptKlarnaPayment | undefined;
  answer: KlarnaAnswer | null;
  fromAddress: boolean;
}

function arrivalOf(orderId: string | null, hash: string): Arrival {
  const kept = orderId ? keptKlarnaPayment(orderId) : undefined;
  const fromAddress = parseKlarnaAnswer(hash);
  return { kept, answer: fromAddress ?? kept?.answer ?? null, fromAddress: fromAddress !== null };
}

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * klarna-callback?orderId= (docs/rules/order-states.md "Klarna"): where Klarna's widget (the sandbox's
 * page) sends the person back, its answer in the address's fragment. The answer is kept for this tab
 * and taken out of the address at once (the token must not linger in it, its history or a bookmark),
 * then sent once with submit-auth-token: an approval places the order (result page; Klarna's pending
 * review is followed there), a decline ends it (order-submit-fail, KLARNA_DECLINED). A reload sends
 * the same body again, which the server answers as the first time. Close is no answer: back to the
 * card page, which says the payment was not finished (the order waits unpaid until its deadline).
 */
export function KlarnaCallbackPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const api = useTradeApi();
  const { authorization, send } = useKlarnaAuthorization(api);
  const raw = params.get('orderId');
  const orderId = raw && isOrderId(raw) ? raw : null;
  // Read once, on arrival: the fragment leaves the address right after.
  const [arrival] = useState(() => arrivalOf(orderId, location.hash));
  const { kept, answer } = arrival;
  const outcome = answer ? outcomeOf(answer) : null;
  const [body] = useState(() =>
    orderId && kept && outcome && outcome.kind !== 'closed' ? authTokenBody(orderId, kept.sessionId, outcome) : null,
  );

  // The answer is kept for a reload, and the fragment replaced away (history.replaceState, through the router).
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (orderId && kept && arrival.answer && arrival.fromAddress) keepKlarnaPayment(orderId, { ...kept, answer: arrival.answer });
  }, [arrival, kept, orderId]);
  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  // Once, also under React's development double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !orderId) return;
    if (outcome?.kind === 'closed') {
      started.current = true;
      const state: KlarnaNotFinishedState = { klarnaNotFinished: orderId };
      void navigate(cardPageAfterKlarna(lng, kept), { replace: true, state });
    } else if (body) {
      started.current = true;
      void send(body);
    }
  }, [body, kept, lng, navigate, orderId, outcome?.kind, send]);

  if (!orderId || !outcome || (!body && outcome.kind !== 'closed')) {
    // No order, no answer, or nothing kept of the session in this tab: nothing can be sent from here.
    return (
      <div data-klarna-state="lost">
        <ErrorView
          title={t('trade.klarna.lost.title')}
          content={t('trade.klarna.lost.content')}
          footer={
            <Link to={orderId ? orderLinks.result(lng, orderId) : orderLinks.history(lng)} className={linkClass}>
              {t('trade.klarna.checkOrder')}
            </Link>
          }
        />
      </div>
    );
  }
  if (authorization.state === 'failed' && body) {
    return <KlarnaAuthorizationFailure error={authorization.error} orderId={orderId} onRetry={() => void send(body)} />;
  }
  return (
    <section
      data-klarna-state="sending"
      aria-labelledby="klarna-callback-title"
      className="mx-auto flex min-h-[50vh] w-full max-w-[420px] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <Spinner size="lg" className="text-primary" label={t('trade.klarna.finishing')} />
      <h1 id="klarna-callback-title" className="text-xl font-semibold text-fg">
        {t('trade.klarna.finishing')}
      </h1>
      <p className="text-sm text-muted">{t('trade.klarna.finishingContent')}</p>
    </section>
  );
}

export default KlarnaCallbackPage;
