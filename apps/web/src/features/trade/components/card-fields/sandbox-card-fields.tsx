import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../texts';
import { CardFieldsError, type CardFieldsHandle, type CardFieldsProps, type CardFieldsToken, isDarkTheme } from './card-fields-types';

/** Every message between the page and the sandbox card fields carries this (their script: apps/server/src/modules/sandbox/card-fields.script.ts). */
export const CARD_FIELDS_SOURCE = 'causeway-card-fields';

interface FieldsMessage {
  source: typeof CARD_FIELDS_SOURCE;
  type: 'ready' | 'resize' | 'validity' | 'submit' | 'tokenized' | 'error';
  height?: number;
  valid?: boolean;
  token?: string;
  last4?: string;
  bin?: string;
  reason?: CardFieldsError['reason'];
}

const isFieldsMessage = (data: unknown): data is FieldsMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { source?: unknown }).source === CARD_FIELDS_SOURCE &&
  typeof (data as { type?: unknown }).type === 'string';

/**
 * The sandbox processor's card fields: its page (/sandbox/card-fields) in an iframe, in the app's
 * language and theme. Messages are taken only from that frame and that origin; the only thing
 * that comes back is the token. The frame grows with its content (it reports its height).
 */
export const SandboxCardFields = forwardRef<CardFieldsHandle, CardFieldsProps & { fieldsUrl: string }>(function SandboxCardFields(
  { fieldsUrl, onValidityChange, onSubmitRequest },
  ref,
) {
  const { t, i18n } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(200);
  const [ready, setReady] = useState(false);
  const pending = useRef<{ resolve: (token: CardFieldsToken) => void; reject: (error: Error) => void } | null>(null);
  const callbacks = useRef({ onValidityChange, onSubmitRequest });
  callbacks.current = { onValidityChange, onSubmitRequest };

  const src = useMemo(() => {
    const url = new URL(fieldsUrl, window.location.href);
    url.searchParams.set('lang', i18n.language.startsWith('zh') ? 'zh' : 'en');
    url.searchParams.set('theme', isDarkTheme() ? 'dark' : 'light');
    return url;
  }, [fieldsUrl, i18n.language]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the fields' own frame, from the fields' own origin.
      if (event.origin !== src.origin || !frame.current || event.source !== frame.current.contentWindow || !isFieldsMessage(event.data))
        return;
      const message = event.data;
      if ((message.type === 'ready' || message.type === 'resize') && typeof message.height === 'number') {
        setHeight(Math.min(Math.max(message.height, 80), 800));
        if (message.type === 'ready') setReady(true);
      } else if (message.type === 'validity') {
        callbacks.current.onValidityChange(message.valid === true);
      } else if (message.type === 'submit') {
        callbacks.current.onSubmitRequest();
      } else if (message.type === 'tokenized' && typeof message.token === 'string') {
        pending.current?.resolve({
          token: message.token,
          ...(message.last4 ? { last4: message.last4 } : {}),
          ...(message.bin ? { bin: message.bin } : {}),
        });
        pending.current = null;
      } else if (message.type === 'error') {
        pending.current?.reject(
          new CardFieldsError(message.reason === 'invalid' || message.reason === 'refused' ? message.reason : 'unavailable'),
        );
        pending.current = null;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () =>
        new Promise<CardFieldsToken>((resolve, reject) => {
          const target = frame.current?.contentWindow;
          if (!target || !ready) {
            reject(new CardFieldsError('unavailable'));
            return;
          }
          pending.current?.reject(new CardFieldsError('unavailable'));
          pending.current = { resolve, reject };
          target.postMessage({ source: CARD_FIELDS_SOURCE, type: 'tokenize' }, src.origin);
        }),
      showProblems: () => frame.current?.contentWindow?.postMessage({ source: CARD_FIELDS_SOURCE, type: 'validate' }, src.origin),
    }),
    [ready, src],
  );

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <iframe
        ref={frame}
        key={src.href}
        src={src.href}
        title={t('trade.card.fieldsTitle')}
        className="w-full border-0 bg-transparent"
        style={{ height, colorScheme: isDarkTheme() ? 'dark' : 'light' }}
      />
      {ready ? null : (
        <p className="text-sm text-muted" role="status">
          {t('trade.card.fieldsLoading')}
        </p>
      )}
    </div>
  );
});
