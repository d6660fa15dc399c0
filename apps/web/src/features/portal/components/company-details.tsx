import type { KybAddress, KybApplication } from '@causeway/contracts';
import { useId } from 'react';
import { errorText } from '@/lib/http-errors';
import { useCountries } from '@/lib/use-countries';
import { countryNameOf, ErrorView, Spinner } from '@/ui';
import { useKybApplication } from '../api/portal-api';
import { useTranslation } from '../texts';
import { cardClass, sectionTitleClass } from './portal-classes';

/**
 * The company's details as its verification recorded them (kyb/basic-info/get), read-only: name,
 * registration number, jurisdiction, legal entity type, registered and business addresses. What is
 * not given yet says so.
 */
export function CompanyDetails() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const application = useKybApplication();
  const countries = useCountries();

  let body;
  if (application.data) {
    body = <DetailsList application={application.data} countryOf={(code) => countryNameOf(countries.data, code, i18n.language)} />;
  } else if (application.isError) {
    body = (
      <ErrorView headingLevel={3} className="py-4" content={errorText(application.error, t)} onRetry={() => void application.refetch()} />
    );
  } else {
    body = (
      <div className="flex justify-center py-6">
        <Spinner size="md" label={t('portal.account.company.loading')} />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('portal.account.company.title')}
      </h2>
      {body}
      <p className="text-xs text-muted">{t('portal.account.company.readOnly')}</p>
    </section>
  );
}

function DetailsList({ application, countryOf }: { application: KybApplication; countryOf: (code: string) => string }) {
  const { t } = useTranslation();
  const { generalData: general, businessData: business } = application;
  const address = (value: KybAddress | null | undefined) =>
    value ? [value.addressLine, value.city, value.postalCode, countryOf(value.country)].filter(Boolean).join(', ') : undefined;
  const rows: Array<[string, string | undefined]> = [
    ['name', general.companyName],
    ['registrationNumber', general.registrationNumber],
    ['jurisdiction', general.jurisdiction ? countryOf(general.jurisdiction) : undefined],
    ['legalEntityType', general.legalEntityType ? t(`portal.account.legalEntityTypes.${general.legalEntityType}`) : undefined],
    ['registeredAddress', address(business.registeredAddress)],
    // Null: the business operates from its registered address; missing: not given yet.
    [
      'businessAddress',
      business.businessAddress === null && business.registeredAddress
        ? t('portal.account.company.sameAsRegistered')
        : address(business.businessAddress),
    ],
  ];
  return (
    <dl className="flex flex-col divide-y divide-line">
      {rows.map(([key, value]) => (
        <div key={key} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <dt className="text-sm text-muted">{t(`portal.account.company.${key}`)}</dt>
          <dd className={value ? 'text-sm font-medium break-words text-fg sm:text-right' : 'text-sm text-muted italic sm:text-right'}>
            {value ?? t('portal.account.company.notGiven')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
