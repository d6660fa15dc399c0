import type { KybCompanySubmission, KybDocument } from './kyb-provider.ts';

// What the KYB adapters' test files share: a business's submission as our onboarding form sends it.

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(12 * 1024, 0x20)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(12 * 1024, 1)]);

export const CERTIFICATE: KybDocument = {
  type: 'CERTIFICATE_OF_INCORPORATION',
  fileName: 'acme certificate.pdf',
  bytes: PDF,
  contentType: 'pdf',
};
export const SHAREHOLDERS: KybDocument = { type: 'REGISTER_OF_SHAREHOLDERS', fileName: 'register.png', bytes: PNG, contentType: 'png' };
export const SOURCE_OF_FUNDS: KybDocument = { type: 'SOURCE_OF_FUNDS', fileName: 'statements.pdf', bytes: PDF, contentType: 'pdf' };

/** A Lithuanian company with one director who is also its only owner, and an authorised trader. */
export function companySubmission(overrides: Partial<KybCompanySubmission> = {}): KybCompanySubmission {
  return {
    externalId: 'usr_business_1',
    levelName: 'basic-kyb-level',
    companyName: 'Acme Trading UAB',
    registrationNumber: '304567891',
    country: 'LT',
    legalEntityType: 'PRIVATE_LIMITED_COMPANY',
    incorporationDate: '2019-03-14',
    taxId: 'LT100012345678',
    website: 'https://acme.example',
    email: 'office@acme.example',
    registeredAddress: { addressLine: 'Gedimino pr. 1', city: 'Vilnius', postalCode: 'LT-01103', country: 'LT' },
    businessAddress: null,
    beneficiaries: [
      {
        id: 'kyi_director',
        role: 'director',
        firstName: 'Rūta',
        lastName: 'Kazlauskienė',
        dob: '1981-06-02',
        nationality: 'LT',
        email: 'ruta@acme.example',
        sharePercent: null,
        kycApplicantId: null,
      },
      {
        id: 'kyi_owner',
        role: 'shareholder',
        firstName: 'Rūta',
        lastName: 'Kazlauskienė',
        dob: '1981-06-02',
        nationality: 'LT',
        email: 'ruta@acme.example',
        sharePercent: 100,
        kycApplicantId: null,
      },
      {
        id: 'kyi_trader',
        role: 'authorizedTrader',
        firstName: 'Jonas',
        lastName: 'Petraitis',
        dob: '1990-11-23',
        nationality: 'LV',
        email: 'jonas@acme.example',
        sharePercent: null,
        kycApplicantId: null,
      },
    ],
    documents: [CERTIFICATE, SHAREHOLDERS],
    ...overrides,
  };
}

export const EDD_ANSWERS = [
  { questionId: 'expectedVolume', questionText: 'Expected monthly volume', answer: 'About 200,000 EUR' },
  { questionId: 'fundsOrigin', questionText: 'Where do the funds come from?', answer: 'Revenue from software licences' },
];
