import { useEffect, useRef, useState } from 'react';
import { GradientButton, Spinner } from '@/ui';
import type { SubmitAuthTokenRequest } from '../api/trade-api';
import { useTradeApi } from '../api/trade-queries';
import { useKlarnaAuthorization } from '../hooks/use-klarna-authorization';
import { authTokenBody, type KlarnaOutcome, outcomeOf } from '../klarna-payment';
import { KLARNA_CATEGORY, type KlarnaPayments, loadKlarnaSdk } from '../klarna-sdk';
import { useTranslation } from '../texts';
import { KlarnaAuthorizationFailure } from './klarna-authorization-failure';

/** Klarna's widget on the page: loading (the SDK and the widget), ready, open (Klarna's purchase flow), closed without an answer, or failed to load. */
export const KLARNA_WIDGET_STATES = ['loading', 'ready', 'open', 'closed', 'failed'] as const;
export type KlarnaWidgetState = (typeof KLARNA_WIDGET_STATES)[number];

/** Where Klarna's SDK puts its widget (one per page). */
export const KLARNA_CONTAINER_ID = 'klarna-payments-container';

export interface KlarnaStepProps {
  orderId: string;
  sessionId: string;
  /** The session's client token (submit-buy's first answer only). */
  clientToken: string;
  /** Back to the form for another order (this one waits unpaid until its deadline). */
  onStartAgain: () => void;
}

/**
 * A Klarna buy with the real Klarna (docs/rules/order-states.md "Klarna"): Klarna's SDK shows its
 * widget on the card page, the person continues in Klarna's purchase flow, and its answer is sent
 * with submit-auth-token, as the klarna-callback page sends the sandbox widget's. Each change of the
 * widget's state is announced (a polite status region present from the start).
 */
export function KlarnaStep({ orderId, sessionId, clientToken, onStartAgain }: KlarnaStepProps) {
  const { t } = useTranslation();
  const api = useTradeApi();
  const { authorization, send } = useKlarnaAuthorization(api);
  const [widget, setWidget] = useState<KlarnaWidgetState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState<SubmitAuthTokenRequest | null>(null);
  const payments = useRef<KlarnaPayments | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the form that had the focus: the focus moves to its heading, not to the page's body.
  useEffect(() => heading.current?.focus(), []);

  // Read by Klarna's callbacks, which may come after a render.
  const answer = useRef<(outcome: Exclude<KlarnaOutcome, { kind: 'closed' }>) => void>(() => {});
  useEffect(() => {
    answer.current = (outcome) => {
      const body = authTokenBody(orderId, sessionId, outcome);
      setAnswered(body);
      void send(body);
    };
  });

  useEffect(() => {
    let live = true;
    loadKlarnaSdk()
      .then((sdk) => {
        if (!live) return;
        payments.current = sdk;
        sdk.init({ client_token: clientToken });
        sdk.load({ container: `#${KLARNA_CONTAINER_ID}`, payment_method_category: KLARNA_CATEGORY }, {}, (result) => {
          if (!live) return;
          // Klarna cannot be offered for this purchase: its final word, said to the server as a decline.
          if (result.show_form) setWidget('ready');
          else answer.current({ kind: 'declined' });
        });
      })
      .catch(() => {
        if (live) setWidget('failed');
      });
    return () => {
      live = false;
    };
  }, [clientToken, attempt]);

  const openKlarna = () => {
    const sdk = payments.current;
    if (!sdk) return;
    setWidget('open');
    sdk.authorize({ payment_method_category: KLARNA_CATEGORY }, {}, (result) => {
      const outcome = outcomeOf({
        approved: result.approved,
        showForm: result.show_form,
        authorizationToken: result.authorization_token ?? null,
      });
      if (outcome.kind === 'closed') setWidget('closed');
      else answer.current(outcome);
    });
  };

  if (authorization.state === 'failed' && answered) {
    return <KlarnaAuthorizationFailure error={authorization.error} orderId={orderId} onRetry={() => void send(answered)} />;
  }
  const sending = authorization.state === 'sending' || answered !== null;
  const stateText = sending ? t('trade.klarna.finishing') : t(`trade.klarna.state.${widget}`);
  return (
    <section
      data-trade-state="klarna"
      data-klarna-state={sending ? 'sending' : widget}
      aria-labelledby="klarna-step-title"
      className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-4 py-6"
    >
      <h1 ref={heading} id="klarna-step-title" tabIndex={-1} className="text-2xl font-semibold text-fg">
        {t('trade.klarna.title')}
      </h1>
      <p role="status" className="text-sm text-fg">
        {stateText}
      </p>
      {/* Klarna's SDK fills it with its widget; its own frames keep their colours in dark mode. */}
      <div id={KLARNA_CONTAINER_ID} className="min-w-0 overflow-hidden rounded-xl" />
      {/* The status line above says it: the spinner is only seen. */}
      {widget === 'loading' || sending ? (
        <div aria-hidden="true" className="self-center">
          <Spinner size="lg" className="text-primary" />
        </div>
      ) : null}
      {!sending ? (
        <div className="flex flex-col gap-2">
          {widget === 'ready' || widget === 'open' || widget === 'closed' ? (
            <GradientButton fullWidth loading={widget === 'open'} onClick={openKlarna}>
              {t(widget === 'closed' ? 'trade.klarna.openAgain' : 'trade.klarna.open')}
            </GradientButton>
          ) : null}
          {widget === 'failed' ? (
            <GradientButton
              fullWidth
              onClick={() => {
                setWidget('loading');
                setAttempt((value) => value + 1);
              }}
            >
              {t('trade.klarna.loadAgain')}
            </GradientButton>
          ) : null}
          {widget === 'closed' || widget === 'failed' ? (
            <GradientButton fullWidth variant="outline" onClick={onStartAgain}>
              {t('trade.klarna.payAnotherWay')}
            </GradientButton>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export default KlarnaStep;
