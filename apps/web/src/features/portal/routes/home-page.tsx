import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCompanyHeader } from '@/lib/company-header';
import { useFeatureEnabled } from '@/lib/feature-switches';
import { PORTAL_TRANSACTION } from '@/lib/portal-links';
import { BusinessVerificationBanner } from '@/shared/business-verification-banner';
import { cx } from '@/ui/class-names';
import { useTranslation } from '../texts';

/** Buy, Sell, Deposit, Withdraw: four buttons in a row on wide screens, two by two on phones. */
const actionClass =
  'inline-flex min-h-12 flex-1 items-center justify-center rounded-xl px-2 text-sm font-semibold transition focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';

export interface PortalHomePageProps {
  /** The trading account's balances (the orders feature's card, composed by the route table). */
  balances: ReactNode;
  /** Its recent deposits and withdrawals (likewise). */
  activity: ReactNode;
}

/**
 * corporation-portal/home (docs/rules/kyb.md "The portal"): the company greeted by name, the
 * verification banner (what is left to do, or where the review stands), Buy, Sell, Deposit and
 * Withdraw (each to its side of the transaction page; Deposit and Withdraw only while their switches
 * are on), then the balances and the recent bank activity.
 */
export function PortalHomePage({ balances, activity }: PortalHomePageProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const company = useCompanyHeader();
  const canDeposit = useFeatureEnabled('deposit').isEnabled === true;
  const canWithdraw = useFeatureEnabled('withdraw').isEnabled === true;
  const name = company.data?.companyName;
  const actions = [
    { side: 'buy', shown: true },
    { side: 'sell', shown: true },
    { side: 'deposit', shown: canDeposit },
    { side: 'withdraw', shown: canWithdraw },
  ].filter((action) => action.shown);

  return (
    <section aria-labelledby="portal-home-title" className="mx-auto flex w-full max-w-[720px] min-w-0 flex-col gap-6 py-2">
      <div className="flex flex-col gap-2">
        <h1 id="portal-home-title" className="text-2xl font-semibold break-words text-fg">
          {name ? t('portal.home.title', { company: name }) : t('portal.home.titleNoName')}
        </h1>
        <p className="text-sm text-muted">{t('portal.home.intro')}</p>
      </div>
      {company.data ? <BusinessVerificationBanner kybInfo={company.data.kybInfo} /> : null}
      <nav aria-label={t('portal.home.actions.label')}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {actions.map(({ side }) => (
            <li key={side} className="flex">
              <Link
                to={`/${lng}/${PORTAL_TRANSACTION}?type=${side}`}
                className={cx(
                  actionClass,
                  side === 'buy'
                    ? 'bg-linear-to-r from-primary to-primary-2 text-on-primary shadow-sm hover:brightness-110'
                    : 'border border-primary text-primary hover:bg-surface-2',
                )}
              >
                {t(`portal.home.actions.${side}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {balances}
      {activity}
    </section>
  );
}

export default PortalHomePage;
