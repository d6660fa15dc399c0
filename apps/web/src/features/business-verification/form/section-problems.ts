import { type KybCompanySection, registrationNumberProblem, sharedFiles, taxIdProblem } from '@causeway/contracts';
import { validateWalletAddress } from '@causeway/wallet-address';
import type { AddressDraft, BusinessDraft, CompanyDrafts, FinancialsDraft, GeneralDraft } from './drafts';
import { donePaths } from './drafts';
import { type FieldChecks, firstProblem, type Translate } from './field-rules';

/** Problems of a section by field path (`companyName`, `registeredAddress.city`, `cryptoAddresses.0.address`). */
export type Problems = Record<string, string>;

export interface ProblemContext {
  t: Translate;
  checks: FieldChecks;
  /** The page language: the identifier checks' own sentences are English. */
  lng: string;
  /** A country's name in the page language. */
  countryName: (code: string) => string;
  /** `name:size` of each file uploaded on this page, by its path: the same file uploaded twice has two paths. */
  fingerprints: ReadonlyMap<string, string>;
}

/**
 * A registration number or tax id refused by kyb-identifiers: its English sentence names the expected
 * format; in another language the page says the same in general words.
 */
function identifierText(problem: string | null, key: string, country: string, context: ProblemContext): string | undefined {
  if (!problem) return undefined;
  return context.lng.startsWith('en') ? problem : context.t(key, { country: context.countryName(country) });
}

function generalProblems(draft: GeneralDraft, context: ProblemContext): Problems {
  const { checks } = context;
  const problems: Problems = {};
  const add = (field: string, problem: string | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('companyName', checks.text(draft.companyName));
  draft.tradeNames.forEach((name, index) => add(`tradeNames.${index}`, checks.text(name)));
  const identifier = (value: string, rule: typeof registrationNumberProblem, key: string) =>
    firstProblem(value, checks.identifier, (v) =>
      draft.jurisdiction && v.trim() ? identifierText(rule(draft.jurisdiction, v), key, draft.jurisdiction, context) : undefined,
    );
  add('registrationNumber', identifier(draft.registrationNumber, registrationNumberProblem, 'kyb.problems.registrationNumber'));
  add('taxId', identifier(draft.taxId, taxIdProblem, 'kyb.problems.taxId'));
  add('incorporationDate', checks.pastDate(draft.incorporationDate));
  add('website', checks.website(draft.website));
  add('businessEmail', checks.email(draft.businessEmail));
  return problems;
}

/** An address is saved whole: once any part is typed, every part is needed. */
function addressProblems(prefix: string, address: AddressDraft, checks: FieldChecks): Problems {
  const problems: Problems = {};
  const started = Object.values(address).some((value) => value.trim() !== '');
  const check = (field: keyof AddressDraft, problem: string | undefined) => {
    const found = problem ?? (started ? checks.required(address[field]) : undefined);
    if (found) problems[`${prefix}.${field}`] = found;
  };
  check('addressLine', checks.text(address.addressLine));
  check('city', checks.text(address.city));
  check('postalCode', checks.postalCode(address.postalCode));
  check('country', undefined);
  return problems;
}

function businessProblems(draft: BusinessDraft, { checks }: ProblemContext): Problems {
  const problems: Problems = {
    ...addressProblems('registeredAddress', draft.registeredAddress, checks),
    ...(draft.sameAddress ? {} : addressProblems('businessAddress', draft.businessAddress, checks)),
  };
  const activities = checks.longText(draft.mainActivities);
  if (activities) problems.mainActivities = activities;
  return problems;
}

/** spec §5: a file given as a source of funds must not also be given as a source of wealth (by path, or by name and size). */
export function hasSharedFiles(draft: FinancialsDraft, fingerprints: ReadonlyMap<string, string>): boolean {
  const funds = donePaths(draft.sourceOfFundsFiles);
  const wealth = donePaths(draft.sourceOfWealthFiles);
  if (sharedFiles(funds, wealth).length > 0) return true;
  const fingerprintsOf = (paths: string[]) => paths.flatMap((path) => fingerprints.get(path) ?? []);
  return sharedFiles(fingerprintsOf(funds), fingerprintsOf(wealth)).length > 0;
}

function financialsProblems(draft: FinancialsDraft, { checks, t, fingerprints }: ProblemContext): Problems {
  const problems: Problems = {};
  const add = (field: string, problem: string | undefined) => {
    if (problem) problems[field] = problem;
  };
  add('sourceOfFundsDescription', checks.longText(draft.sourceOfFundsDescription));
  add('sourceOfWealthDescription', checks.longText(draft.sourceOfWealthDescription));
  if (hasSharedFiles(draft, fingerprints)) add('sourceOfWealthFiles', t('kyb.problems.sharedFiles'));
  draft.cryptoAddresses.forEach((row, index) => {
    if (row.network === '' && row.address.trim() === '') return;
    if (row.network === '') return add(`cryptoAddresses.${index}.network`, t('kyb.problems.required'));
    const checked = validateWalletAddress({ network: row.network, address: row.address, memo: row.memo });
    if (checked.ok) return;
    const reason = checked.reason === 'MEMO_REQUIRED' || checked.reason === 'EMPTY' ? 'required' : checked.field;
    add(`cryptoAddresses.${index}.${checked.field}`, t(`kyb.problems.crypto.${reason}`));
  });
  return problems;
}

/** What the page itself finds wrong in a section before saving it (the server checks again). */
export function sectionProblems(section: KybCompanySection, drafts: CompanyDrafts, context: ProblemContext): Problems {
  if (section === 'GeneralData') return generalProblems(drafts.GeneralData, context);
  if (section === 'BusinessData') return businessProblems(drafts.BusinessData, context);
  return financialsProblems(drafts.BusinessProfileFinancials, context);
}
