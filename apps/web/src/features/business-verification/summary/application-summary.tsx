import {
  KYB_PERSON_TYPES,
  type KybAddress,
  type KybApplication,
  type KybCompanySection,
  type KybIndividual,
  type KybPersonType,
  type KybSection,
} from '@causeway/contracts';
import type { ReactNode } from 'react';
import { useCountries } from '@/lib/use-countries';
import { countryNameOf } from '@/ui';
import { fullNameOf } from '../people/person-draft';
import { useTranslation } from '../texts';

export interface ApplicationSummaryProps {
  application: Pick<KybApplication, 'generalData' | 'businessData' | 'businessProfileFinancials'>;
  individuals: readonly KybIndividual[];
  /** When given, each section offers Edit, which leads to its step. */
  onEdit?: (step: KybSection) => void;
  /** The sections' heading level (under the page's or the step's heading). */
  headingLevel?: 2 | 3;
}

type Row = [label: string, value: ReactNode];

/** The saved form read back, section by section (the review step, and the Verification Center once submitted). */
export function ApplicationSummary({ application, individuals, onEdit, headingLevel = 3 }: ApplicationSummaryProps) {
  const { t, i18n } = useTranslation();
  const countries = useCountries().data;
  const country = (code: string | undefined) => (code ? countryNameOf(countries, code, i18n.language) : undefined);
  const address = (value: KybAddress | null | undefined) =>
    value ? [value.addressLine, `${value.postalCode} ${value.city}`, country(value.country)].join(', ') : undefined;
  const files = (paths: readonly string[] | undefined) => (paths?.length ? t('kyb.summary.files', { number: paths.length }) : undefined);
  const label = (section: string, field: string) => t(`kyb.fields.${section}.${field}`);

  const general = application.generalData;
  const business = application.businessData;
  const financials = application.businessProfileFinancials;
  const sections: Array<[KybCompanySection, Row[]]> = [
    [
      'GeneralData',
      [
        [label('GeneralData', 'jurisdiction'), country(general.jurisdiction)],
        [label('GeneralData', 'companyName'), general.companyName],
        [label('GeneralData', 'tradeNames'), general.tradeNames?.join(', ') || undefined],
        [label('GeneralData', 'registrationNumber'), general.registrationNumber],
        [label('GeneralData', 'legalEntityType'), general.legalEntityType && t(`kyb.legalEntityType.${general.legalEntityType}`)],
        [label('GeneralData', 'incorporationDate'), general.incorporationDate],
        [label('GeneralData', 'website'), general.website],
        [label('GeneralData', 'businessEmail'), general.businessEmail],
        [label('GeneralData', 'taxId'), general.taxId],
      ],
    ],
    [
      'BusinessData',
      [
        [label('BusinessData', 'registeredAddress'), address(business.registeredAddress)],
        [
          label('BusinessData', 'businessAddress'),
          business.businessAddress === null ? t('kyb.summary.sameAddress') : address(business.businessAddress),
        ],
        [label('BusinessData', 'mainActivities'), business.mainActivities],
        ...Object.entries(business.documents ?? {}).map(([type, paths]): Row => [t(`kyb.documentType.${type}`), files(paths)]),
      ],
    ],
    [
      'BusinessProfileFinancials',
      [
        [
          label('BusinessProfileFinancials', 'sourceOfFunds'),
          financials.sourceOfFunds && t(`kyb.sourceOfFunds.${financials.sourceOfFunds}`),
        ],
        [label('BusinessProfileFinancials', 'sourceOfFundsDescription'), financials.sourceOfFundsDescription],
        [label('BusinessProfileFinancials', 'sourceOfFundsFiles'), files(financials.sourceOfFundsFiles)],
        [
          label('BusinessProfileFinancials', 'sourceOfWealth'),
          financials.sourceOfWealth && t(`kyb.sourceOfWealth.${financials.sourceOfWealth}`),
        ],
        [label('BusinessProfileFinancials', 'sourceOfWealthDescription'), financials.sourceOfWealthDescription],
        [label('BusinessProfileFinancials', 'sourceOfWealthFiles'), files(financials.sourceOfWealthFiles)],
        [
          label('BusinessProfileFinancials', 'plannedMonthlyTurnover'),
          financials.plannedMonthlyTurnover && t(`kyb.turnover.${financials.plannedMonthlyTurnover}`),
        ],
        [
          label('BusinessProfileFinancials', 'cryptoAddresses'),
          financials.cryptoAddresses?.length ? (
            <ul>
              {financials.cryptoAddresses.map((row) => (
                <li key={`${row.network}:${row.address}`} className="break-all">
                  {`${t(`kyb.network.${row.network}`)}: ${row.address}${row.memo ? ` (${row.memo})` : ''}`}
                </li>
              ))}
            </ul>
          ) : undefined,
        ],
      ],
    ],
  ];

  const people = (personType: KybPersonType) => individuals.filter((person) => person.personType === personType);
  return (
    <div className="flex flex-col gap-4">
      {sections.map(([section, rows]) => (
        <section key={section} className="rounded-xl border border-line bg-surface p-4">
          <SectionHeading level={headingLevel} title={t(`kyb.sections.${section}`)} onEdit={onEdit ? () => onEdit(section) : undefined} />
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
            {rows.map(([name, value], index) => (
              <div key={index} className="contents">
                <dt className="text-muted">{name}</dt>
                <dd className="mb-1 break-words text-fg sm:mb-0">
                  {value || <span className="text-muted">{t('kyb.summary.notGiven')}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {KYB_PERSON_TYPES.map((personType) => (
        <section key={personType} className="rounded-xl border border-line bg-surface p-4">
          <SectionHeading
            level={headingLevel}
            title={t(`kyb.sections.${personType}`)}
            onEdit={onEdit ? () => onEdit(personType) : undefined}
          />
          {people(personType).length === 0 ? (
            <p className="text-sm text-muted">{t('kyb.summary.nobody')}</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {people(personType).map((person) => (
                <li key={person.id} className="flex flex-col">
                  <span className="font-medium break-words text-fg">{fullNameOf(person)}</span>
                  <span className="break-all text-muted">{person.email}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function SectionHeading({ level, title, onEdit }: { level: 2 | 3; title: string; onEdit: (() => void) | undefined }) {
  const { t } = useTranslation();
  const Heading = `h${level}` as const;
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <Heading className="text-base font-semibold text-fg">{title}</Heading>
      {onEdit ? (
        <button
          type="button"
          onClick={onEdit}
          aria-label={t('kyb.summary.editSection', { section: title })}
          className="min-h-10 rounded-lg px-3 text-sm font-semibold text-primary hover:bg-surface-2"
        >
          {t('kyb.form.edit')}
        </button>
      ) : null}
    </div>
  );
}
