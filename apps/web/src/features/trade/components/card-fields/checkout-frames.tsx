import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadVendorScript } from '@/lib/vendor-script';
import { cx } from '@/ui/class-names';
import { CardFieldsError, type CardFieldsHandle, type CardFieldsProps, isDarkTheme } from './card-fields-types';

/**
 * Checkout.com Frames (www.checkout.com/docs, "Get started with Frames" and "Frames reference"):
 * the script from cdn.checkout.com, `Frames.init({ publicKey, ... })` over three placeholders
 * (.card-number-frame, .expiry-date-frame, .cvv-frame) into which it puts its own iframes; then
 * `Frames.submitCard()` tokenises and `cardTokenized` gives `tok_…`. The number and CVV live in
 * Checkout.com's frames only. Loaded only when Checkout.com takes the cards (the server's CSP lets
 * the script in only then).
 */
export const FRAMES_SCRIPT_URL = 'https://cdn.checkout.com/js/framesv2.min.js';

type FrameElement = 'card-number' | 'expiry-date' | 'cvv';
interface FramesEvent {
  element?: FrameElement;
  isValid?: boolean;
  isEmpty?: boolean;
  token?: string;
  last4?: string;
  bin?: string;
}
interface FramesApi {
  init(config: Record<string, unknown>): void;
  addEventHandler(event: string, handler: (event: FramesEvent) => void): void;
  removeAllEventHandlers?(event: string): void;
  submitCard(): Promise<FramesEvent>;
  enableSubmitForm(): void;
  isCardValid(): boolean;
  Events: Record<'READY' | 'FRAME_VALIDATION_CHANGED' | 'CARD_VALIDATION_CHANGED' | 'CARD_TOKENIZATION_FAILED', string>;
}
type FramesWindow = Window & { Frames?: FramesApi };

const loadFrames = () => loadVendorScript(FRAMES_SCRIPT_URL, 'Frames', () => (window as FramesWindow).Frames);

const ERROR_KEYS: Record<FrameElement, string> = { 'card-number': 'trade.card.errors.number', 'expiry-date': 'trade.card.errors.expiryFormat', cvv: 'trade.card.errors.cvv' };

/** Frames' own fields, styled like ours; labels and errors are ours, in the app's language. */
export const CheckoutFrames = forwardRef<CardFieldsHandle, CardFieldsProps & { publicKey: string }>(function CheckoutFrames({ publicKey, onValidityChange, onSubmitRequest }, ref) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [errors, setErrors] = useState<Partial<Record<FrameElement, boolean>>>({});
  const frames = useRef<FramesApi | null>(null);
  const callbacks = useRef({ onValidityChange, onSubmitRequest });
  callbacks.current = { onValidityChange, onSubmitRequest };

  useEffect(() => {
    let live = true;
    loadFrames().then(
      (api) => {
        if (!live) return;
        const dark = isDarkTheme();
        api.init({
          publicKey,
          acceptedPaymentMethods: ['Visa', 'Mastercard'],
          localization: { cardNumberPlaceholder: t('trade.card.number'), expiryMonthPlaceholder: 'MM', expiryYearPlaceholder: 'YY', cvvPlaceholder: t('trade.card.cvv') },
          style: { base: { color: dark ? '#eef0f6' : '#12141c', fontSize: '16px' }, placeholder: { base: { color: dark ? '#a3aabd' : '#5b6275' } }, invalid: { color: dark ? '#f97066' : '#b42318' } },
        });
        api.addEventHandler(api.Events.READY, () => live && setState('ready'));
        api.addEventHandler(api.Events.FRAME_VALIDATION_CHANGED, (event) => {
          if (live && event.element) setErrors((current) => ({ ...current, [event.element!]: !event.isValid && !event.isEmpty }));
        });
        api.addEventHandler(api.Events.CARD_VALIDATION_CHANGED, () => callbacks.current.onValidityChange(api.isCardValid()));
        frames.current = api;
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [publicKey, t]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const api = frames.current;
      if (!api || state !== 'ready') throw new CardFieldsError('unavailable');
      if (!api.isCardValid()) throw new CardFieldsError('invalid');
      try {
        const event = await api.submitCard();
        if (!event.token) throw new CardFieldsError('unavailable');
        return { token: event.token, ...(event.last4 ? { last4: event.last4 } : {}), ...(event.bin ? { bin: event.bin } : {}) };
      } catch (error) {
        throw error instanceof CardFieldsError ? error : new CardFieldsError('unavailable');
      } finally {
        // Frames locks itself after a submit: a second try (another card, a refused save) needs it open.
        api.enableSubmitForm();
      }
    },
    // Frames marks its own fields as they are left; nothing more to ask of it.
    showProblems: () => undefined,
  }), [state]);

  const frame = (element: FrameElement, label: string, className: string) => (
    <div className="flex min-w-0 flex-col gap-1" role="group" aria-labelledby={`${id}-${element}`}>
      <span id={`${id}-${element}`} className="text-sm font-semibold text-fg">{label}</span>
      <div className={cx(className, 'h-14 rounded-xl border bg-surface px-3 py-4', errors[element] ? 'border-danger' : 'border-line')} />
      {errors[element] ? <p role="alert" className="text-sm text-danger">{t(ERROR_KEYS[element])}</p> : null}
    </div>
  );

  if (state === 'failed') return <p role="alert" className="text-sm text-danger">{t('trade.card.fieldsFailed')}</p>;
  return (
    <div className="flex min-w-0 flex-col gap-3" onKeyDown={(event) => event.key === 'Enter' && callbacks.current.onSubmitRequest()}>
      {frame('card-number', t('trade.card.number'), 'card-number-frame')}
      <div className="grid grid-cols-2 gap-3">
        {frame('expiry-date', t('trade.card.expiry'), 'expiry-date-frame')}
        {frame('cvv', t('trade.card.cvv'), 'cvv-frame')}
      </div>
      {state === 'loading' ? <p role="status" className="text-sm text-muted">{t('trade.card.fieldsLoading')}</p> : null}
    </div>
  );
});
