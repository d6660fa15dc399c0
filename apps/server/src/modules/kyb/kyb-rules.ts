import {
  effectiveShare,
  isValidPesel,
  type KybCompanySection,
  type KybDocumentType,
  type KybPersonType,
  registrationNumberProblem,
  sharedFiles,
  taxIdProblem,
} from '@causeway/contracts';
import type { KybApplicationRow, KybCompanyRow, KybIndividualRow } from './kyb.repository.ts';

/** doc-type: the company documents, the section that asks for each, and whether a submission needs it. */
export const KYB_DOCUMENTS: ReadonlyArray<{ type: KybDocumentType; section: KybCompanySection; required: boolean }> = [
  { type: 'CERTIFICATE_OF_INCORPORATION', section: 'BusinessData', required: true },
  { type: 'ARTICLES_OF_ASSOCIATION', section: 'BusinessData', required: true },
  { type: 'REGISTER_OF_DIRECTORS', section: 'BusinessData', required: false },
  { type: 'REGISTER_OF_SHAREHOLDERS', section: 'BusinessData', required: true },
  { type: 'PROOF_OF_BUSINESS_ADDRESS', section: 'BusinessData', required: true },
  { type: 'OWNERSHIP_STRUCTURE', section: 'BusinessData', required: false },
];

/** What must be there at submit-all, by field name as the page labels them (Section.field). */
export function missingFields(application: KybApplicationRow): string[] {
  const missing: string[] = [];
  const general = application.generalData;
  for (const field of [
    'jurisdiction',
    'companyName',
    'registrationNumber',
    'legalEntityType',
    'incorporationDate',
    'website',
    'businessEmail',
    'taxId',
  ] as const) {
    if (general[field] == null) missing.push(`GeneralData.${field}`);
  }
  const business = application.businessData;
  if (!business.registeredAddress) missing.push('BusinessData.registeredAddress');
  if (business.businessAddress === undefined) missing.push('BusinessData.businessAddress');
  if (!business.mainActivities) missing.push('BusinessData.mainActivities');
  for (const document of KYB_DOCUMENTS) {
    if (document.required && !business.documents?.[document.type]?.length) missing.push(`BusinessData.documents.${document.type}`);
  }
  const financials = application.financials;
  for (const field of [
    'sourceOfFunds',
    'sourceOfFundsDescription',
    'sourceOfWealth',
    'sourceOfWealthDescription',
    'plannedMonthlyTurnover',
  ] as const) {
    if (financials[field] == null) missing.push(`BusinessProfileFinancials.${field}`);
  }
  if (!financials.sourceOfFundsFiles?.length) missing.push('BusinessProfileFinancials.sourceOfFundsFiles');
  if (!financials.sourceOfWealthFiles?.length) missing.push('BusinessProfileFinancials.sourceOfWealthFiles');
  if (!application.allOwnersDeclared) missing.push('Declarations.allOwnersDeclared');
  if (!application.informationAccurate) missing.push('Declarations.informationAccurate');
  return missing;
}

/** The registration number and tax id against the jurisdiction's published formats: the first problem, or null. */
export function companyIdentifierProblem(general: KybApplicationRow['generalData']): string | null {
  if (!general.jurisdiction) return null;
  if (general.registrationNumber) {
    const problem = registrationNumberProblem(general.jurisdiction, general.registrationNumber);
    if (problem) return `GeneralData.registrationNumber: ${problem}`;
  }
  if (general.taxId) {
    const problem = taxIdProblem(general.jurisdiction, general.taxId);
    if (problem) return `GeneralData.taxId: ${problem}`;
  }
  return null;
}

/** spec §5: the same stored file may not be both source-of-funds and source-of-wealth evidence. */
export function sharedEvidenceProblem(financials: KybApplicationRow['financials']): string | null {
  const shared = sharedFiles(financials.sourceOfFundsFiles ?? [], financials.sourceOfWealthFiles ?? []);
  return shared.length
    ? 'BusinessProfileFinancials.sourceOfWealthFiles: source-of-funds files must differ from source-of-wealth files'
    : null;
}

/** An individual's own fields against the rules the schema cannot see (PESEL with the date of birth, the role's fields). */
export function individualProblem(input: {
  personType: KybPersonType;
  nationality: string;
  dob: string;
  pesel: string | null;
  position: string | null;
  ownershipPercent: string | null;
  ownershipType: string | null;
  ownedThroughCompanyId: string | null;
}): string | null {
  if (input.nationality === 'PL' && !input.pesel) return 'pesel: a Polish national needs their PESEL';
  if (input.pesel && !isValidPesel(input.pesel, input.dob)) return 'pesel: not a valid PESEL for this date of birth';
  if (input.personType !== 'Ownership_Individual' && !input.position) return 'position: must not be empty';
  if (input.personType === 'Ownership_Individual') {
    if (!input.ownershipPercent || !input.ownershipType) return 'ownershipPercent: an owner needs their share and how they hold it';
    if ((input.ownershipType === 'INDIRECT') !== (input.ownedThroughCompanyId !== null))
      return 'ownedThroughCompanyId: an indirect owner holds their share through a company of the chain, a direct one through none';
  }
  return null;
}

type Holder = { id?: string; ownershipPercent: string | null; ownedThroughCompanyId: string | null };

/**
 * Ownership (docs/rules/kyb.md): the direct shares held in one company (the business, or a company of
 * the chain) add up to at most 100 %; a company of the chain at the threshold declares who owns it.
 */
export function ownershipProblem(
  owners: ReadonlyArray<Pick<KybIndividualRow, 'ownershipPercent' | 'ownedThroughCompanyId'>>,
  companies: ReadonlyArray<Pick<KybCompanyRow, 'id' | 'companyName' | 'ownershipPercent' | 'ownedThroughCompanyId'>>,
  thresholdPercent: number,
): string | null {
  const holders: Holder[] = [...owners, ...companies];
  const ownedIds = [null, ...companies.map((company) => company.id)];
  for (const owned of ownedIds) {
    const total = holders
      .filter((holder) => holder.ownedThroughCompanyId === owned)
      .reduce((sum, holder) => sum + Math.round(Number(holder.ownershipPercent ?? 0) * 100), 0);
    if (total > 100 * 100) {
      const name = owned === null ? 'the business' : companies.find((c) => c.id === owned)!.companyName;
      return `ownershipPercent: the shares held in ${name} add up to more than 100 %`;
    }
  }
  for (const company of companies) {
    if (effectiveShare(company, companies) < thresholdPercent) continue;
    if (!holders.some((holder) => holder.ownedThroughCompanyId === company.id))
      return `Ownership_Individual: ${company.companyName} holds ${thresholdPercent} % or more: declare who owns it`;
  }
  return null;
}

/** Whether a declared person must verify their identity: every director and trader, owners at the threshold. */
export function mustVerify(
  individual: Pick<KybIndividualRow, 'personType' | 'ownershipPercent' | 'ownedThroughCompanyId'>,
  companies: ReadonlyArray<Pick<KybCompanyRow, 'id' | 'ownershipPercent' | 'ownedThroughCompanyId'>>,
  thresholdPercent: number,
): boolean {
  if (individual.personType !== 'Ownership_Individual') return true;
  return effectiveShare(individual, companies) >= thresholdPercent;
}
