import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_LINKING_FAIL_CODES } from '@/lib/account-linking';
import { PORTAL_HOME } from '@/lib/gating';
import { cx } from '@/ui/class-names';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { primaryLinkClass } from '../components/portal-classes';
import { useTranslation } from '../texts';

/** The kycLoginFail codes a merchant's order may carry, each with its own words (docs/rules/kyb.md gating). */
type LinkingFailCode = (typeof ACCOUNT_LINKING_FAIL_CODES)[number];
const isLinkingFailCode = (code: string | null): code is LinkingFailCode =>
  (ACCOUNT_LINKING_FAIL_CODES as readonly (string | null)[]).includes(code);

/** The merchant the query names (anyone may write a query: it is only ever shown as text), else "the merchant". */
function useMerchantName(): string {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return params.get('merchantName')?.trim().slice(0, 100) || t('portal.linking.merchantFallback');
}

/** Both pages' frame: an icon, the title, what it means, the way to the business portal. */
function LinkingOutcome({ failed, title, children }: { failed: boolean; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const Icon = failed ? AlertIcon : CheckCircleIcon;
  return (
    <section
      aria-labelledby="account-linking-title"
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-4 px-4 py-10 text-center"
    >
      <Icon aria-hidden="true" className={cx('size-12', failed ? 'text-danger' : 'text-success')} />
      <h1 id="account-linking-title" className="text-2xl font-semibold text-fg">
        {title}
      </h1>
      <div className="flex flex-col gap-2 text-sm break-words text-muted">{children}</div>
      <Link to={`/${lng}/${PORTAL_HOME}`} className={cx(primaryLinkClass, 'mt-2')}>
        {t('portal.linking.portal')}
      </Link>
    </section>
  );
}

/**
 * account-linking-failed?failCode=&merchantName=: a merchant's customer account could not be linked to
 * this business account. Each kycLoginFail code has its words, naming the merchant; another code (or
 * none) the generic words, with the code shown for support.
 */
export function AccountLinkingFailedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const merchant = useMerchantName();
  const code = params.get('failCode')?.trim() || null;
  const known = isLinkingFailCode(code);
  return (
    <LinkingOutcome failed title={t('portal.linking.failed.title')}>
      <p>{t(`portal.linking.failed.${known ? code : 'generic'}`, { merchant })}</p>
      {!known && code ? <p className="text-xs">{t('portal.linking.failed.code', { code: code.slice(0, 64) })}</p> : null}
    </LinkingOutcome>
  );
}

/** account-linking-success?merchantName=: the account is now linked to the merchant's. */
export function AccountLinkingSuccessPage() {
  const { t } = useTranslation();
  const merchant = useMerchantName();
  return (
    <LinkingOutcome failed={false} title={t('portal.linking.success.title')}>
      <p>{t('portal.linking.success.content', { merchant })}</p>
    </LinkingOutcome>
  );
}
