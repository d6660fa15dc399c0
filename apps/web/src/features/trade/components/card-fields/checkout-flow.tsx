import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from '../../texts';
import { isApiError } from '@/lib/http-errors';
import { loadVendorScript } from '@/lib/vendor-script';
import { GradientButton } from '@/ui';
import type { CardFieldsConfig } from '../../api/trade-api';
import { useTradeApi } from '../../api/trade-queries';
import { tradeErrorText } from '../../trade-errors';
import { CardFieldsError, type CardFieldsHandle, type CardFieldsProps, isDarkTheme } from './card-fields-types';

/**
 * Checkout.com Flow, used for card tokenisation only (www.checkout.com/docs, "Tokenize
 * credentials" and the Flow library reference): our server opens a Payment Session
 * (card/card-fields-session); Checkout Web Components, loaded from checkout-web-components.checkout.com
 * (Checkout.com: never self-hosted or bundled), is initialised with the public key and that
 * session; the `card` component is mounted without its pay button, and Save calls its
 * tokenize(), which answers `tok_…`. The number, expiry and CVV live in Checkout.com's frames
 * only. Loaded only when Checkout.com takes the cards (the server's CSP lets it in only then).
 */
export const FLOW_SCRIPT_URL = 'https://checkout-web-components.checkout.com/index.js';

/** The parts of Checkout Web Components this form uses (Flow library reference: CheckoutWebComponents, FlowComponent). */
export interface FlowComponent {
  isAvailable(): Promise<boolean>;
  mount(element: HTMLElement): void;
  unmount?(): void;
  isValid(): boolean;
  tokenize(): Promise<{ type?: string; data?: { token?: string; last4?: string; bin?: string } }>;
}
export interface FlowCheckout {
  create(type: 'card', options: Record<string, unknown>): FlowComponent;
}
export type CheckoutWebComponents = (options: Record<string, unknown>) => Promise<FlowCheckout>;
type FlowWindow = Window & { CheckoutWebComponents?: CheckoutWebComponents };

const loadFlow = () => loadVendorScript(FLOW_SCRIPT_URL, 'Checkout Web Components', () => (window as FlowWindow).CheckoutWebComponents);

/** Flow's locale for the page's language (Flow's own texts: labels, its field errors). */
export const flowLocaleOf = (language: string) => (language.startsWith('zh') ? 'zh-CN' : 'en-GB');

/**
 * Flow's `appearance` from the app's theme tokens (theme.css), so its fields follow light and
 * dark mode. A token the page does not define (no stylesheet) is left to Flow's default.
 */
export function flowAppearance(): Record<string, string> {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(`--cw-${name}`).trim();
  const colors = {
    colorAction: token('primary'),
    colorBackground: token('surface'),
    colorBorder: token('line'),
    colorDisabled: token('muted'),
    colorError: token('danger'),
    colorFormBackground: token('surface'),
    colorFormBorder: token('line'),
    colorInverse: token('on-primary'),
    colorOutline: token('focus'),
    colorPrimary: token('fg'),
    colorSecondary: token('muted'),
    colorSuccess: token('success'),
  };
  return Object.fromEntries(Object.entries(colors).filter(([, value]) => value !== ''));
}

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

/** Flow's card component in our form: its own labels and errors in the page's language; ours say what to do next. */
export const CheckoutFlow = forwardRef<CardFieldsHandle, CardFieldsProps & Extract<CardFieldsConfig, { processor: 'checkout' }>>(
  function CheckoutFlow({ publicKey, environment, onValidityChange }, ref) {
    const { t, i18n } = useTranslation();
    const api = useTradeApi();
    const container = useRef<HTMLDivElement>(null);
    const component = useRef<FlowComponent | null>(null);
    const [state, setState] = useState<State>({ kind: 'loading' });
    // A new attempt (after a failure) opens a new session: a Payment Session is not reused.
    const [attempt, setAttempt] = useState(0);
    const callbacks = useRef({ onValidityChange, t });
    callbacks.current = { onValidityChange, t };
    const locale = flowLocaleOf(i18n.language);

    useEffect(() => {
      let live = true;
      let mounted: FlowComponent | null = null;
      const fail = (failure: unknown) => {
        if (!live) return;
        // A refusal of our API (a rate limit, the processor unavailable) in its words; else the fields did not load.
        const message = isApiError(failure) ? tradeErrorText(failure, callbacks.current.t) : callbacks.current.t('trade.card.fieldsFailed');
        setState({ kind: 'failed', message });
      };
      setState({ kind: 'loading' });
      callbacks.current.onValidityChange(false);
      (async () => {
        const [start, { paymentSession }] = await Promise.all([loadFlow(), api.cardFieldsSession()]);
        if (!live) return;
        if (!paymentSession) throw new Error('the server opened no Checkout.com payment session');
        const checkout = await start({
          publicKey,
          environment,
          locale,
          paymentSession: {
            id: paymentSession.id,
            payment_session_token: paymentSession.paymentSessionToken,
            payment_session_secret: paymentSession.paymentSessionSecret,
          },
          appearance: flowAppearance(),
          onReady: () => live && setState({ kind: 'ready' }),
          onChange: (changed: FlowComponent) => live && callbacks.current.onValidityChange(changed.isValid()),
          onError: (_component: unknown, error: unknown) => fail(error),
        });
        if (!live) return;
        const card = checkout.create('card', { showPayButton: false });
        if (!(await card.isAvailable())) throw new Error('Checkout.com offers no card component for this session');
        if (!live || !container.current) return;
        card.mount(container.current);
        mounted = card;
        component.current = card;
      })().catch(fail);
      return () => {
        live = false;
        component.current = null;
        mounted?.unmount?.();
      };
    }, [api, publicKey, environment, locale, attempt]);

    useImperativeHandle(
      ref,
      () => ({
        async tokenize() {
          const card = component.current;
          if (!card || state.kind !== 'ready') throw new CardFieldsError('unavailable');
          if (!card.isValid()) throw new CardFieldsError('invalid');
          try {
            const { data } = await card.tokenize();
            if (!data?.token) throw new CardFieldsError('unavailable');
            return { token: data.token, ...(data.last4 ? { last4: data.last4 } : {}), ...(data.bin ? { bin: data.bin } : {}) };
          } catch (error) {
            throw error instanceof CardFieldsError ? error : new CardFieldsError('unavailable');
          }
        },
        // Flow marks its own fields as they are left and as tokenize() finds them wrong.
        showProblems: () => undefined,
      }),
      [state],
    );

    if (state.kind === 'failed') {
      return (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-danger">
            {state.message}
          </p>
          <GradientButton
            type="button"
            variant="secondary"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((current) => current + 1);
            }}
          >
            {t('trade.card.retryFields')}
          </GradientButton>
        </div>
      );
    }
    return (
      <div
        className="flex min-w-0 flex-col gap-1"
        role="group"
        aria-label={t('trade.card.fieldsTitle')}
        aria-busy={state.kind === 'loading'}
        style={{ colorScheme: isDarkTheme() ? 'dark' : 'light' }}
      >
        {/* Flow puts its card frames in here; they are sized by Flow and fit a 360 px screen. */}
        <div ref={container} className="min-w-0" data-testid="checkout-flow-card" />
        {state.kind === 'loading' ? (
          <p role="status" className="text-sm text-muted">
            {t('trade.card.fieldsLoading')}
          </p>
        ) : null}
      </div>
    );
  },
);
