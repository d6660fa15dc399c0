import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useHttpClient } from '@/lib/http-context';
import { useApiMutation } from '@/lib/use-api-mutation';
import { Spinner } from '@/ui';
import { createPromotionEmailApi } from '../api';
import { useTranslation } from '../texts';

const CHOICE_KEY = ['promotion-email-choice'] as const;

/**
 * The settings page's "Promotional emails" section: a switch for news and offers by email, opt-in
 * (off until the person turns it on). The result of each change is announced; a failure leaves the
 * switch as the server has it and says so.
 */
export function PromotionEmailSetting() {
  const { t, i18n } = useTranslation();
  const api = createPromotionEmailApi(useHttpClient());
  const queryClient = useQueryClient();
  const ids = { title: useId(), label: useId(), description: useId() };
  const choice = useQuery({ queryKey: CHOICE_KEY, queryFn: () => api.choice() });
  const [said, setSaid] = useState<'subscribed' | 'unsubscribed' | 'saveFailed' | null>(null);
  const change = useApiMutation({
    mutationFn: (subscribed: boolean) => api.setChoice(subscribed, i18n.language),
    onSuccess: (answer) => {
      queryClient.setQueryData(CHOICE_KEY, answer);
      setSaid(answer.subscribed ? 'subscribed' : 'unsubscribed');
    },
    onError: () => setSaid('saveFailed'),
  });

  const on = choice.data?.subscribed ?? false;
  const email = choice.data?.email ?? '';
  return (
    <section aria-labelledby={ids.title} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id={ids.title} className="font-semibold">
        {t('promotionEmail.setting.title')}
      </h2>
      {choice.isPending ? (
        <Spinner />
      ) : choice.isError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          {t('promotionEmail.setting.loadFailed')}
          <button
            type="button"
            onClick={() => void choice.refetch()}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('promotionEmail.setting.retry')}
          </button>
        </p>
      ) : (
        <>
          <p id={ids.description} className="text-sm text-muted">
            {t('promotionEmail.setting.description', { email })}
          </p>
          <div className="flex items-center justify-between gap-3">
            <span id={ids.label} className="text-sm text-fg">
              {t('promotionEmail.setting.switch')}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby={ids.label}
              aria-describedby={ids.description}
              disabled={change.isPending}
              onClick={() => {
                setSaid(null);
                change.mutate(!on);
              }}
              className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line transition focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:opacity-60 ${on ? 'bg-primary' : 'bg-surface-2'}`}
            >
              <span
                aria-hidden="true"
                className={`inline-block size-4 rounded-full bg-surface shadow transition ${on ? 'translate-x-6' : 'translate-x-1'}`}
              />
            </button>
          </div>
        </>
      )}
      {/* Always in the page, so screen readers announce what is put in it. */}
      <p role="status" className={`text-sm ${said === 'saveFailed' ? 'text-danger' : 'text-muted'}`}>
        {said ? t(`promotionEmail.setting.${said}`, { email }) : null}
      </p>
    </section>
  );
}

export default PromotionEmailSetting;
