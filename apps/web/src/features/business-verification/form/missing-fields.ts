import type { KybApplication, KybDocTypeList, KybIndividual, KybSection } from '@causeway/contracts';
import { FINANCIAL_DOCUMENTS } from './drafts';

/** Something submit-all will ask for that the saved form lacks: where it belongs, and the translation key of its name. */
export interface MissingField {
  step: KybSection | 'Review';
  labelKey: string;
  /** Named in the label (the person whose PESEL is missing). */
  values?: Record<string, string>;
}

type DocumentType = KybDocTypeList['documentTypes'][number];

const GENERAL_REQUIRED = [
  'jurisdiction',
  'companyName',
  'registrationNumber',
  'legalEntityType',
  'incorporationDate',
  'website',
  'businessEmail',
  'taxId',
] as const;
const FINANCIALS_REQUIRED = [
  'sourceOfFunds',
  'sourceOfFundsDescription',
  'sourceOfFundsFiles',
  'sourceOfWealth',
  'sourceOfWealthDescription',
  'sourceOfWealthFiles',
  'plannedMonthlyTurnover',
] as const;

const isEmpty = (value: unknown) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What the saved form still lacks for submit-all (docs/rules/kyb.md "required at submit"), in the
 * form's order: so the review step can say it and lead to each, before the server refuses. The
 * server checks again, with the ownership rules the page cannot see whole.
 */
export function missingFields(
  application: Pick<KybApplication, 'generalData' | 'businessData' | 'businessProfileFinancials' | 'declarations'>,
  documentTypes: readonly DocumentType[],
  individuals: readonly KybIndividual[],
): MissingField[] {
  const missing: MissingField[] = [];
  const general = application.generalData;
  for (const field of GENERAL_REQUIRED)
    if (isEmpty(general[field])) missing.push({ step: 'GeneralData', labelKey: `kyb.fields.GeneralData.${field}` });

  const business = application.businessData;
  if (!business.registeredAddress) missing.push({ step: 'BusinessData', labelKey: 'kyb.fields.BusinessData.registeredAddress' });
  // Null is an answer (the registered address); never saved is not.
  if (business.businessAddress === undefined) missing.push({ step: 'BusinessData', labelKey: 'kyb.fields.BusinessData.businessAddress' });
  if (isEmpty(business.mainActivities)) missing.push({ step: 'BusinessData', labelKey: 'kyb.fields.BusinessData.mainActivities' });
  for (const type of documentTypes) {
    if (!type.required || FINANCIAL_DOCUMENTS.includes(type.type)) continue;
    if (isEmpty(business.documents?.[type.type])) missing.push({ step: 'BusinessData', labelKey: `kyb.documentType.${type.type}` });
  }

  const financials = application.businessProfileFinancials;
  for (const field of FINANCIALS_REQUIRED)
    if (isEmpty(financials[field]))
      missing.push({ step: 'BusinessProfileFinancials', labelKey: `kyb.fields.BusinessProfileFinancials.${field}` });

  for (const personType of ['Management_Individual', 'AuthorizedTrader_Individual'] as const)
    if (!individuals.some((person) => person.personType === personType))
      missing.push({ step: personType, labelKey: `kyb.missing.${personType}` });
  for (const person of individuals)
    if (person.nationality === 'PL' && !person.pesel)
      missing.push({ step: person.personType, labelKey: 'kyb.missing.pesel', values: { name: `${person.firstName} ${person.lastName}` } });

  if (!application.declarations.allOwnersDeclared) missing.push({ step: 'Review', labelKey: 'kyb.missing.allOwnersDeclared' });
  if (!application.declarations.informationAccurate) missing.push({ step: 'Review', labelKey: 'kyb.missing.informationAccurate' });
  return missing;
}
