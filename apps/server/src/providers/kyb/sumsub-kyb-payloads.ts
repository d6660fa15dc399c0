import { EXTENSIONS_BY_TYPE, extensionOf } from '../../platform/document-type.ts';
import { VendorInputError } from '../kyc/kyc-provider.ts';
import { alpha2ToAlpha3 } from '../kyc/sumsub.ts';
import { CONTENT_TYPE_BY_DOCUMENT } from '../storage/storage.ts';
import type { KybAddressInfo, KybBeneficiary, KybCompanySubmission, KybDocument, KybEddSubmission } from './kyb-provider.ts';

/**
 * What sumsub-kyb.ts sends, built and checked before the first call: a submission Sumsub would refuse
 * (an unknown country, a date that is not YYYY-MM-DD, a file whose name is not its type) fails here
 * with VendorInputError and nothing half-sent. The sources of each shape are in sumsub-kyb.ts's header.
 */

/**
 * Our company document types as Sumsub's COMPANY_DOC subtypes (the KYB document list of Sumsub's
 * dashboard and WebSDK). Where Sumsub has no subtype of the same meaning (an ownership chart, proof of
 * funds or wealth) the file goes as OTHER, and its name carries our type (see uploadFileName), so the
 * reviewer sees what it is and a rejection of it still maps back to our field.
 */
export const SUMSUB_COMPANY_DOC_SUBTYPES: Readonly<Record<string, string>> = {
  CERTIFICATE_OF_INCORPORATION: 'INCORPORATION_CERT',
  ARTICLES_OF_ASSOCIATION: 'INCORPORATION_ARTICLES',
  REGISTER_OF_DIRECTORS: 'DIRECTORS_REGISTRY',
  REGISTER_OF_SHAREHOLDERS: 'SHAREHOLDER_REGISTRY',
  PROOF_OF_BUSINESS_ADDRESS: 'PROOF_OF_ADDRESS',
  OWNERSHIP_STRUCTURE: 'OTHER',
  SOURCE_OF_FUNDS: 'OTHER',
  SOURCE_OF_WEALTH: 'OTHER',
};

/** Sumsub's beneficiary types (KYB 2.0 "types"): a shareholder of ours is an ultimate owner through the chain. */
const BENEFICIARY_TYPES: Record<KybBeneficiary['role'], string> = {
  director: 'director',
  shareholder: 'ubo',
  authorizedTrader: 'representative',
};

/** Separates our document type from the file's own name in what Sumsub stores (type names never contain it). */
const TYPE_SEPARATOR = '--';

export interface PreparedUpload {
  metadata: { idDocType: 'COMPANY_DOC'; idDocSubType: string; country: string };
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface PreparedBeneficiary {
  /** Identifies the same link across submissions: name, birth date, types and share. */
  key: string;
  body: {
    types: string[];
    shareSize?: number;
    beneficiaryInfo: { firstName: string; lastName: string; dob: string; nationality: string; email: string };
  };
}

export interface PreparedCompany {
  externalId: string;
  levelName: string;
  email: string;
  companyInfo: Record<string, string>;
  beneficiaries: PreparedBeneficiary[];
  uploads: PreparedUpload[];
}

const failWith =
  (operation: string) =>
  (why: string): never => {
    throw new VendorInputError(`Sumsub ${operation}: ${why}`);
  };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function prepareCompany(submission: KybCompanySubmission): PreparedCompany {
  const fail = failWith('submitCompany');
  if (!submission.externalId) fail('the externalId is required');
  if (!submission.companyName.trim()) fail('the company name is required');
  if (!ISO_DATE.test(submission.incorporationDate)) fail('the incorporation date is not YYYY-MM-DD');
  const country = alpha2ToAlpha3(submission.country) ?? fail('unknown company country code');
  const oneLine = (address: KybAddressInfo) => {
    const addressCountry = alpha2ToAlpha3(address.country) ?? fail('unknown address country code');
    return `${address.addressLine}, ${address.postalCode} ${address.city}, ${addressCountry}`;
  };
  const companyInfo: Record<string, string> = {
    companyName: submission.companyName.trim(),
    registrationNumber: submission.registrationNumber,
    country,
    legalAddress: oneLine(submission.registeredAddress),
    incorporatedOn: submission.incorporationDate,
    type: submission.legalEntityType,
    email: submission.email,
    website: submission.website,
    taxId: submission.taxId,
  };
  // Where the business operates, when that is not its registered address.
  if (submission.businessAddress) companyInfo.postalAddress = oneLine(submission.businessAddress);
  return {
    externalId: submission.externalId,
    levelName: submission.levelName,
    email: submission.email,
    companyInfo,
    beneficiaries: prepareBeneficiaries(submission.beneficiaries, fail),
    uploads: submission.documents.map((document) => prepareUpload(document, country, fail)),
  };
}

/**
 * One Sumsub beneficiary per person: our form lists a person once per role, Sumsub once with every
 * type they hold. A person is their name and date of birth (docs/rules/kyb.md: one human, many roles).
 */
function prepareBeneficiaries(beneficiaries: KybBeneficiary[], fail: (why: string) => never): PreparedBeneficiary[] {
  const people = new Map<string, { first: KybBeneficiary; types: Set<string>; shareSize: number | undefined }>();
  for (const beneficiary of beneficiaries) {
    if (!ISO_DATE.test(beneficiary.dob)) fail('a beneficiary date of birth is not YYYY-MM-DD');
    const personKey =
      [beneficiary.firstName, beneficiary.lastName].map((name) => name.trim().toLowerCase()).join('|') + `|${beneficiary.dob}`;
    const person = people.get(personKey) ?? { first: beneficiary, types: new Set<string>(), shareSize: undefined };
    person.types.add(BENEFICIARY_TYPES[beneficiary.role]);
    if (beneficiary.role === 'shareholder' && beneficiary.sharePercent !== null) person.shareSize = beneficiary.sharePercent;
    people.set(personKey, person);
  }
  return [...people.entries()].map(([personKey, { first, types, shareSize }]) => {
    const sortedTypes = [...types].sort();
    return {
      key: beneficiaryKey(personKey, sortedTypes, shareSize),
      body: {
        types: sortedTypes,
        ...(shareSize === undefined ? {} : { shareSize }),
        beneficiaryInfo: {
          firstName: first.firstName.trim(),
          lastName: first.lastName.trim(),
          dob: first.dob,
          nationality: alpha2ToAlpha3(first.nationality) ?? fail('unknown beneficiary nationality'),
          email: first.email,
        },
      },
    };
  });
}

/** The key a linked beneficiary has, from what Sumsub answers about it (its types, share and info). */
export function beneficiaryKey(personKey: string, types: readonly string[], shareSize: number | undefined): string {
  return `${personKey}|${[...types].sort().join(',')}|${shareSize ?? ''}`;
}

function prepareUpload(document: KybDocument, country: string, fail: (why: string) => never): PreparedUpload {
  const idDocSubType = SUMSUB_COMPANY_DOC_SUBTYPES[document.type] ?? 'OTHER';
  const contentType = CONTENT_TYPE_BY_DOCUMENT[document.contentType] ?? fail('a file is not .jpg, .jpeg, .png or .pdf');
  if (!EXTENSIONS_BY_TYPE[document.contentType].includes(extensionOf(document.fileName)))
    fail('a file is not .jpg, .jpeg, .png or .pdf, as its content says');
  if (document.bytes.length === 0) fail('a file is empty');
  if (!/^[A-Z_]{1,40}$/.test(document.type)) fail('a document type is not one of ours');
  return {
    metadata: { idDocType: 'COMPANY_DOC', idDocSubType, country },
    fileName: uploadFileName(document.type, document.fileName),
    contentType,
    bytes: document.bytes,
  };
}

/**
 * `CERTIFICATE_OF_INCORPORATION--acme-cert.pdf`: our type first, then a name that cannot break out of
 * its Content-Disposition header (safe characters, no path).
 */
export function uploadFileName(type: string, fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100);
  return `${type}${TYPE_SEPARATOR}${safe === '' || safe.startsWith('.') ? `document${safe}` : safe}`;
}

/** Our document type from a stored file name uploadFileName made, or undefined for any other name. */
export function documentTypeOfFileName(fileName: string): string | undefined {
  const at = fileName.indexOf(TYPE_SEPARATOR);
  const type = at > 0 ? fileName.slice(0, at) : undefined;
  return type && type in SUMSUB_COMPANY_DOC_SUBTYPES ? type : undefined;
}

/**
 * The EDD answers as Sumsub's questionnaire (docs.sumsub.com/reference/add-applicant-action-questionnaire):
 * one section whose items are our question ids, each answer as its `value`. The questionnaire defined
 * on the EDD level must have that id, that section and those item ids.
 */
export function prepareEdd(
  submission: KybEddSubmission,
  questionnaire: { id: string; sectionId: string },
  country: string,
): { questionnaire: Record<string, unknown>; uploads: PreparedUpload[] } {
  const fail = failWith('submitEdd');
  const items: Record<string, { value: string }> = {};
  for (const { questionId, answer } of submission.answers) {
    if (!/^[\w.-]{1,64}$/.test(questionId)) fail('a question id is not a questionnaire item id');
    items[questionId] = { value: answer };
  }
  return {
    questionnaire: { id: questionnaire.id, sections: { [questionnaire.sectionId]: { items } } },
    uploads: submission.documents.map((document) => prepareUpload(document, country, fail)),
  };
}
