import type {
  BusinessData,
  BusinessProfileFinancials,
  GeneralData,
  KybAddress,
  KybApplication,
  KybBasicInfoUpdate,
  KybCompanySection,
  KybDocumentType,
} from '@causeway/contracts';
import type { UploadedFile } from '@/ui';

/**
 * The company sections as the person is typing them: every input a string (a select's '' is "none
 * chosen"), every file list the upload widget's own. Built from what basic-info/get answered, and
 * turned back into a basic-info/update body by {@link sectionUpdateOf}.
 */
export interface AddressDraft {
  addressLine: string;
  city: string;
  postalCode: string;
  country: string;
}

export interface GeneralDraft {
  jurisdiction: string;
  companyName: string;
  tradeNames: string[];
  registrationNumber: string;
  legalEntityType: string;
  incorporationDate: string;
  website: string;
  businessEmail: string;
  taxId: string;
}

export interface BusinessDraft {
  registeredAddress: AddressDraft;
  /** The business operates from its registered address (businessAddress null). */
  sameAddress: boolean;
  businessAddress: AddressDraft;
  mainActivities: string;
  documents: Partial<Record<KybDocumentType, UploadedFile[]>>;
}

export interface CryptoAddressDraft {
  /** Keys the row while rows come and go; never sent. */
  key: string;
  network: string;
  address: string;
  memo: string;
}

export interface FinancialsDraft {
  sourceOfFunds: string;
  sourceOfFundsDescription: string;
  sourceOfFundsFiles: UploadedFile[];
  sourceOfWealth: string;
  sourceOfWealthDescription: string;
  sourceOfWealthFiles: UploadedFile[];
  plannedMonthlyTurnover: string;
  cryptoAddresses: CryptoAddressDraft[];
}

export interface CompanyDrafts {
  GeneralData: GeneralDraft;
  BusinessData: BusinessDraft;
  BusinessProfileFinancials: FinancialsDraft;
}

/**
 * The doc-type documents kept as the financial profile's own files (sourceOfFundsFiles, sourceOfWealthFiles),
 * not among the company documents of BusinessData.
 */
export const FINANCIAL_DOCUMENTS: readonly string[] = ['SOURCE_OF_FUNDS', 'SOURCE_OF_WEALTH'];

const EMPTY_ADDRESS: AddressDraft = { addressLine: '', city: '', postalCode: '', country: '' };

/** A stored file's name as the person would know it: the last part of its path. */
export const fileNameOf = (path: string): string => path.split('/').pop() || path;

/** Files already stored (prefilled from the saved form), shown done in the upload widget. */
export function savedFiles(paths: readonly string[] | undefined): UploadedFile[] {
  return (paths ?? []).map((filePath) => {
    const fileName = fileNameOf(filePath);
    const fileType = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
    return { id: `saved:${filePath}`, fileName, s3FileName: fileName, fileType, status: 'done', filePath };
  });
}

/** The paths of the files that finished uploading: what a save sends (uploading and failed ones are not stored yet). */
export const donePaths = (files: readonly UploadedFile[]): string[] =>
  files.flatMap((file) => (file.status === 'done' && file.filePath ? [file.filePath] : []));

const addressDraftOf = (address: KybAddress | null | undefined): AddressDraft => (address ? { ...address } : { ...EMPTY_ADDRESS });

let cryptoRowCount = 0;
/** A new crypto address row, keyed for the list. */
export const newCryptoAddress = (values: Partial<Omit<CryptoAddressDraft, 'key'>> = {}): CryptoAddressDraft => ({
  key: `crypto-${(cryptoRowCount += 1)}`,
  network: values.network ?? '',
  address: values.address ?? '',
  memo: values.memo ?? '',
});

export function draftsOf(application: Pick<KybApplication, 'generalData' | 'businessData' | 'businessProfileFinancials'>): CompanyDrafts {
  const general: GeneralData = application.generalData;
  const business: BusinessData = application.businessData;
  const financials: BusinessProfileFinancials = application.businessProfileFinancials;
  const documents: BusinessDraft['documents'] = {};
  for (const [type, paths] of Object.entries(business.documents ?? {})) documents[type as KybDocumentType] = savedFiles(paths);
  return {
    GeneralData: {
      jurisdiction: general.jurisdiction ?? '',
      companyName: general.companyName ?? '',
      tradeNames: [...(general.tradeNames ?? [])],
      registrationNumber: general.registrationNumber ?? '',
      legalEntityType: general.legalEntityType ?? '',
      incorporationDate: general.incorporationDate ?? '',
      website: general.website ?? '',
      businessEmail: general.businessEmail ?? '',
      taxId: general.taxId ?? '',
    },
    BusinessData: {
      registeredAddress: addressDraftOf(business.registeredAddress),
      // A form never saved has no business address yet: the registered one is the likelier answer.
      sameAddress: business.businessAddress === null || business.businessAddress === undefined,
      businessAddress: addressDraftOf(business.businessAddress),
      mainActivities: business.mainActivities ?? '',
      documents,
    },
    BusinessProfileFinancials: {
      sourceOfFunds: financials.sourceOfFunds ?? '',
      sourceOfFundsDescription: financials.sourceOfFundsDescription ?? '',
      sourceOfFundsFiles: savedFiles(financials.sourceOfFundsFiles),
      sourceOfWealth: financials.sourceOfWealth ?? '',
      sourceOfWealthDescription: financials.sourceOfWealthDescription ?? '',
      sourceOfWealthFiles: savedFiles(financials.sourceOfWealthFiles),
      plannedMonthlyTurnover: financials.plannedMonthlyTurnover ?? '',
      cryptoAddresses: (financials.cryptoAddresses ?? []).map((row) => newCryptoAddress({ ...row, memo: row.memo ?? '' })),
    },
  };
}

/** The fields as typed, trimmed: an emptied input is null (basic-info/update clears it), the others go as they are. */
function filled<T extends { [K in keyof T]: string }>(fields: T): { [K in keyof T]: string | null } {
  const out = {} as { [K in keyof T]: string | null };
  for (const key of Object.keys(fields) as Array<keyof T>) out[key] = fields[key].trim() || null;
  return out;
}

const isBlankAddress = (address: AddressDraft) => Object.values(address).every((value) => value.trim() === '');
/** An address is sent whole, or null when every line is empty (the contract has no half address). */
const addressOf = (address: AddressDraft): KybAddress | null => (isBlankAddress(address) ? null : (filled(address) as KybAddress));

/**
 * The basic-info/update body of one company section. Only what the person filled goes: the server
 * checks each field given, and submit-all checks that nothing required is missing.
 */
export function sectionUpdateOf(section: KybCompanySection, drafts: CompanyDrafts): KybBasicInfoUpdate {
  if (section === 'GeneralData') {
    const { tradeNames, ...fields } = drafts.GeneralData;
    const data = filled(fields) as Extract<KybBasicInfoUpdate, { section: 'GeneralData' }>['data'];
    return { section, data: { ...data, tradeNames: tradeNames.map((name) => name.trim()).filter(Boolean) } };
  }
  if (section === 'BusinessData') {
    const draft = drafts.BusinessData;
    const registeredAddress = addressOf(draft.registeredAddress);
    // An empty business address of its own is left out (kept as saved): its null means "the registered one".
    const businessAddress = draft.sameAddress ? null : (addressOf(draft.businessAddress) ?? undefined);
    const documents: BusinessData['documents'] = {};
    for (const [type, files] of Object.entries(draft.documents)) documents[type as KybDocumentType] = donePaths(files ?? []);
    return {
      section,
      data: {
        registeredAddress,
        ...(businessAddress !== undefined ? { businessAddress } : {}),
        ...filled({ mainActivities: draft.mainActivities }),
        documents,
      },
    };
  }
  const draft = drafts.BusinessProfileFinancials;
  const { sourceOfFundsFiles, sourceOfWealthFiles, cryptoAddresses, ...fields } = draft;
  return {
    section,
    data: {
      ...(filled(fields) as Extract<KybBasicInfoUpdate, { section: 'BusinessProfileFinancials' }>['data']),
      sourceOfFundsFiles: donePaths(sourceOfFundsFiles),
      sourceOfWealthFiles: donePaths(sourceOfWealthFiles),
      cryptoAddresses: cryptoAddresses
        .filter((row) => row.address.trim() !== '' || row.network !== '')
        .map((row) => ({ network: row.network, address: row.address.trim(), memo: row.memo.trim() || null })),
    },
  };
}
