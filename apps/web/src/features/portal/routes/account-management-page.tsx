import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { CompanyDetails } from '../components/company-details';
import { LogoUpload } from '../components/logo-upload';
import { PeopleList } from '../components/people-list';
import { cardClass, outlineLinkClass, sectionTitleClass } from '../components/portal-classes';
import { useTranslation } from '../texts';

/**
 * corporation-portal/account-management (docs/rules/kyb.md "The portal"): the company's details as
 * verified (read-only), its people and their verification with Resend, its bank accounts (the bank
 * accounts page, in the portal) and its logo.
 */
export function AccountManagementPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-management-title" className="mx-auto flex w-full max-w-[720px] min-w-0 flex-col gap-6 py-2">
      <div className="flex flex-col gap-2">
        <h1 id="account-management-title" className="text-2xl font-semibold text-fg">
          {t('portal.account.title')}
        </h1>
        <p className="text-sm text-muted">{t('portal.account.intro')}</p>
      </div>
      <CompanyDetails />
      <PeopleList />
      <BankAccountsCard />
      <LogoUpload />
    </section>
  );
}

/** Where payouts go: the bank accounts page, which the portal shows in its own layout. */
function BankAccountsCard() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('portal.account.bankAccounts.title')}
      </h2>
      <p className="text-sm text-muted">{t('portal.account.bankAccounts.intro')}</p>
      <Link to={`/${lng}/corporation-portal/bank-accounts`} className={`${outlineLinkClass} self-start`}>
        {t('portal.account.bankAccounts.manage')}
      </Link>
    </section>
  );
}

export default AccountManagementPage;
