import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { CheckCircleIcon } from '@/ui';
import { useTranslation } from '../texts';
import type { UnsubscribedState } from './unsubscribe-page';

const emailOf = (state: unknown): string | undefined => {
  const email = (state as Partial<UnsubscribedState> | null)?.email;
  return typeof email === 'string' && email ? email : undefined;
};

/**
 * unsubscribed (no sign-in, no chrome): where the unsubscribe screen leads once the address is off
 * the list, naming it when the screen passed it on. Says what stops, and that Settings turns it back
 * on. The heading takes the focus, so a screen reader starts reading the outcome at once.
 */
export function UnsubscribedPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const email = emailOf(useLocation().state);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-10 text-center">
      <CheckCircleIcon className="size-10 text-success" aria-hidden="true" />
      <h1 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-fg focus:outline-none">
        {t('promotionEmail.unsubscribed.title')}
      </h1>
      <p className="text-sm break-words text-fg">
        {email ? t('promotionEmail.unsubscribed.text', { email }) : t('promotionEmail.unsubscribed.textNoEmail')}
      </p>
      <p className="text-sm text-muted">{t('promotionEmail.unsubscribed.again')}</p>
      <Link to={`/${lng}/settings`} className="font-medium text-primary underline-offset-4 hover:underline">
        {t('promotionEmail.unsubscribed.settings')}
      </Link>
    </section>
  );
}

export default UnsubscribedPage;
