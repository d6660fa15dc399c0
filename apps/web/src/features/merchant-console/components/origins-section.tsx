import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatDateTime } from '@/lib/date-format';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ErrorView, GradientButton, showToast, Spinner, TextInput } from '@/ui';
import { CONSOLE_KEYS, useMerchantConsoleApi, useOrigins } from '../api/merchant-console-api';
import { consoleErrorText, toastConsoleError } from '../console-errors';
import { isOrigin } from '../origin-rule';
import { useTranslation } from '../texts';
import { cardClass, codeClass, dangerButtonClass, itemClass, sectionTitleClass } from './console-classes';

/**
 * The origins the merchant's checkout may be embedded in and send people back to: the list, Remove on
 * each, and Add, whose field says at once what the server would (scheme, host and port only).
 */
export function OriginsSection({ merchantId }: { merchantId: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const api = useMerchantConsoleApi();
  const queries = useQueryClient();
  const origins = useOrigins(merchantId);
  const field = useRef<HTMLInputElement>(null);
  const [origin, setOrigin] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = CONSOLE_KEYS.origins(merchantId);

  // Both answer the list as it now is.
  const add = useApiMutation({
    mutationFn: (value: string) => api.addOrigin({ merchantId, origin: value }),
    onSuccess: (list) => {
      queries.setQueryData(key, list);
      setOrigin('');
      setTried(false);
      showToast({ message: t('merchantConsole.origins.added'), kind: 'success' });
    },
    onError: (error) => setRefusal(consoleErrorText(error, t)),
  });
  const remove = useApiMutation({
    mutationFn: (value: string) => api.removeOrigin({ merchantId, origin: value }),
    onSuccess: (list) => {
      queries.setQueryData(key, list);
      showToast({ message: t('merchantConsole.origins.removed'), kind: 'success' });
    },
    onError: (error) => {
      void queries.invalidateQueries({ queryKey: key });
      toastConsoleError(error, t);
    },
  });

  const invalid = !isOrigin(origin);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setRefusal(null);
    if (invalid) return field.current?.focus();
    add.mutate(origin.trim());
  };

  let body;
  if (origins.isError) {
    body = <ErrorView headingLevel={3} content={consoleErrorText(origins.error, t)} onRetry={() => void origins.refetch()} />;
  } else if (!origins.data) {
    body = <Spinner size="lg" className="self-center py-6" label={t('merchantConsole.loading')} />;
  } else if (origins.data.origins.length === 0) {
    body = <p className="text-sm text-muted">{t('merchantConsole.origins.none')}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
        {origins.data.origins.map((item) => (
          <li key={item.origin} className={`${itemClass} sm:flex-row sm:items-center sm:justify-between`}>
            <div className="flex min-w-0 flex-col gap-1">
              <span className={codeClass}>{item.origin}</span>
              <span className="text-xs text-muted">
                {t('merchantConsole.origins.addedAt', { time: formatDateTime(item.createdAt, i18n.language) })}
              </span>
            </div>
            <button
              type="button"
              className={`${dangerButtonClass} self-start sm:self-center`}
              disabled={remove.isPending}
              aria-label={t('merchantConsole.origins.removeNamed', { origin: item.origin })}
              onClick={() => remove.mutate(item.origin)}
            >
              {t('merchantConsole.origins.remove')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('merchantConsole.origins.title')}
      </h2>
      <p className="text-sm text-muted">{t('merchantConsole.origins.intro')}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <TextInput
          ref={field}
          label={t('merchantConsole.origins.label')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://shop.example.com"
          value={origin}
          onValueChange={(value) => {
            setOrigin(value);
            setRefusal(null);
          }}
          // Said once the person has typed (or pressed Add), not while the field is still empty.
          validate={(value) => (isOrigin(value) || (!tried && value === '') ? undefined : t('merchantConsole.origins.invalid'))}
          errors={refusal ? [refusal] : undefined}
          aria-describedby={`${headingId}-hint`}
        />
        <p id={`${headingId}-hint`} className="text-xs text-muted">
          {t('merchantConsole.origins.hint')}
        </p>
        <GradientButton type="submit" loading={add.isPending} className="self-start">
          {t('merchantConsole.origins.add')}
        </GradientButton>
      </form>
      {body}
    </section>
  );
}
