/**
 * Business verification (KYB) rules shared by the server's schemas and the web app's onboarding form
 * (docs/rules/kyb.md). No zod here, so the web app can use them without bundling a schema library.
 * The identifier checks (registration numbers, tax ids, PESEL) live in kyb-identifiers.ts.
 */

/** The form's sections, in the order the verification centre shows them (spec §3 business onboarding sections). */
export const KYB_SECTIONS = [
  'GeneralData',
  'BusinessData',
  'BusinessProfileFinancials',
  'Management_Individual',
  'Ownership_Individual',
  'AuthorizedTrader_Individual',
] as const;
export type KybSection = (typeof KYB_SECTIONS)[number];

/** The company sections saved by basic-info/update. */
export const KYB_COMPANY_SECTIONS = ['GeneralData', 'BusinessData', 'BusinessProfileFinancials'] as const;
export type KybCompanySection = (typeof KYB_COMPANY_SECTIONS)[number];

/** The people sections: an individual's personType names the role they are declared in. */
export const KYB_PERSON_TYPES = ['Management_Individual', 'Ownership_Individual', 'AuthorizedTrader_Individual'] as const;
export type KybPersonType = (typeof KYB_PERSON_TYPES)[number];

/** Owners at this share and above must be declared and verified (docs/rules/kyb.md)... */
export const OWNERSHIP_THRESHOLD_PERCENT = 25;
/** ...and at this share once enhanced due diligence applies to the business. */
export const EDD_OWNERSHIP_THRESHOLD_PERCENT = 10;

export const LEGAL_ENTITY_TYPES = [
  'PRIVATE_LIMITED_COMPANY',
  'PUBLIC_LIMITED_COMPANY',
  'GENERAL_PARTNERSHIP',
  'LIMITED_PARTNERSHIP',
  'LIMITED_LIABILITY_PARTNERSHIP',
  'SOLE_PROPRIETORSHIP',
  'FOUNDATION',
  'TRUST',
  'COOPERATIVE',
  'ASSOCIATION',
] as const;
export type LegalEntityType = (typeof LEGAL_ENTITY_TYPES)[number];

export const SOURCES_OF_FUNDS = ['BUSINESS_REVENUE', 'SHARE_CAPITAL', 'LOANS', 'INVESTMENT_INCOME', 'SALE_OF_ASSETS', 'OTHER'] as const;
export const SOURCES_OF_WEALTH = [
  'RETAINED_PROFITS',
  'SHAREHOLDER_FUNDS',
  'INVESTMENTS',
  'SALE_OF_BUSINESS',
  'INHERITANCE',
  'OTHER',
] as const;

/** Planned monthly turnover, in EUR. */
export const MONTHLY_TURNOVER_BANDS = ['UP_TO_10K', '10K_TO_50K', '50K_TO_250K', '250K_TO_1M', 'OVER_1M'] as const;

/**
 * How an owner holds its share (ownership-type): DIRECT in its own name, INDIRECT through a company of
 * the chain (ownedThroughCompanyId names it), CONTROL by other means (voting rights, a trust, an agreement).
 */
export const OWNERSHIP_TYPES = ['DIRECT', 'INDIRECT', 'CONTROL'] as const;
export type OwnershipType = (typeof OWNERSHIP_TYPES)[number];

/** The company documents of doc-type, each in one section; sign-upload-kyb-temple gives each file its path. */
export const KYB_DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'ARTICLES_OF_ASSOCIATION',
  'REGISTER_OF_DIRECTORS',
  'REGISTER_OF_SHAREHOLDERS',
  'PROOF_OF_BUSINESS_ADDRESS',
  'OWNERSHIP_STRUCTURE',
  'SOURCE_OF_FUNDS',
  'SOURCE_OF_WEALTH',
] as const;
export type KybDocumentType = (typeof KYB_DOCUMENT_TYPES)[number];

/** Files one document type may hold. */
export const KYB_MAX_FILES_PER_DOCUMENT = 5;

/** Crypto addresses a business declares it will use (BusinessProfileFinancials). */
export const KYB_MAX_CRYPTO_ADDRESSES = 10;

/** People and companies one business may declare (a bound on what a stranger with a business account can store). */
export const KYB_MAX_INDIVIDUALS = 30;
export const KYB_MAX_COMPANIES = 20;

/** A free-text answer (main activities, the description of funds, an EDD answer): at most this many characters. */
export const KYB_LONG_TEXT_MAX_LENGTH = 2000;

/**
 * spec §5: source-of-funds files must differ from source-of-wealth files. Files are compared by their
 * stored path and, when the page knows it, by name and size (the same file uploaded twice has two paths).
 */
export function sharedFiles(fundsFiles: readonly string[], wealthFiles: readonly string[]): string[] {
  const wealth = new Set(wealthFiles);
  return fundsFiles.filter((file) => wealth.has(file));
}

/** An owner's share of the business, through the companies of the chain (each link's percent multiplied). */
export function effectiveShare(
  owner: { ownershipPercent: string | null; ownedThroughCompanyId: string | null },
  companies: ReadonlyArray<{ id: string; ownershipPercent: string | null; ownedThroughCompanyId: string | null }>,
): number {
  let share = Number(owner.ownershipPercent ?? 0) / 100;
  let through = owner.ownedThroughCompanyId;
  const seen = new Set<string>();
  while (through) {
    if (seen.has(through)) return 0; // a loop in the chain owns nothing
    seen.add(through);
    const company = companies.find((c) => c.id === through);
    if (!company) return 0;
    share *= Number(company.ownershipPercent ?? 0) / 100;
    through = company.ownedThroughCompanyId;
  }
  return Math.round(share * 10000) / 100;
}
