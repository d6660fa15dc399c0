import {
  type CountryItem,
  type EddQuestionnaire,
  type KybApplication,
  type KybBasicInfoUpdate,
  type KybCompany,
  type KybDocTypeList,
  type KybIndividual,
  type KybIndividualInput,
  PATHS,
} from '@causeway/contracts';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { kybInfo } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';

/** Test-only: the business verification calls as the server would answer them, with the state they change. */

export const COUNTRIES: CountryItem[] = [
  { towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' },
  { towCharCode: 'GB', englishName: 'United Kingdom', chineseName: '英国', flag: '🇬🇧' },
  { towCharCode: 'PL', englishName: 'Poland', chineseName: '波兰', flag: '🇵🇱' },
];

export const DOCUMENT_TYPES: KybDocTypeList['documentTypes'] = [
  { type: 'CERTIFICATE_OF_INCORPORATION', section: 'BusinessData', required: true, maxFiles: 5 },
  { type: 'ARTICLES_OF_ASSOCIATION', section: 'BusinessData', required: false, maxFiles: 5 },
  { type: 'SOURCE_OF_FUNDS', section: 'BusinessProfileFinancials', required: true, maxFiles: 5 },
  { type: 'SOURCE_OF_WEALTH', section: 'BusinessProfileFinancials', required: true, maxFiles: 5 },
];

/** A business that has not submitted yet (kybInfo Initial), nothing saved, unless overridden. */
export const kybApplication = (overrides: Partial<KybApplication> = {}): KybApplication => ({
  generalData: {},
  businessData: {},
  businessProfileFinancials: {},
  declarations: { allOwnersDeclared: false, informationAccurate: false },
  editable: true,
  submittedAt: null,
  ownershipThresholdPercent: 25,
  rejectedFields: [],
  kybInfo: kybInfo({ kybBasicStatus: 'Initial', verificationStatus: 'Initial' }),
  ...overrides,
});

/** A form with every required answer saved, the declarations ticked: what submit-all takes. */
export const completeApplication = (overrides: Partial<KybApplication> = {}): KybApplication =>
  kybApplication({
    generalData: {
      jurisdiction: 'GB',
      companyName: 'Acme Trading Ltd',
      tradeNames: [],
      registrationNumber: '01234567',
      legalEntityType: 'PRIVATE_LIMITED_COMPANY',
      incorporationDate: '2015-06-01',
      website: 'https://acme.example',
      businessEmail: 'office@acme.example',
      taxId: 'GB123456782',
    },
    businessData: {
      registeredAddress: { addressLine: '1 Main Street', city: 'London', postalCode: 'EC1A 1BB', country: 'GB' },
      businessAddress: null,
      mainActivities: 'Wholesale of coffee',
      documents: { CERTIFICATE_OF_INCORPORATION: ['kyb/u1/certificate.pdf'] },
    },
    businessProfileFinancials: {
      sourceOfFunds: 'BUSINESS_REVENUE',
      sourceOfFundsDescription: 'Sales',
      sourceOfFundsFiles: ['kyb/u1/sales.pdf'],
      sourceOfWealth: 'RETAINED_PROFITS',
      sourceOfWealthDescription: 'Profits since 2015',
      sourceOfWealthFiles: ['kyb/u1/accounts.pdf'],
      plannedMonthlyTurnover: '10K_TO_50K',
      cryptoAddresses: [],
    },
    declarations: { allOwnersDeclared: true, informationAccurate: true },
    ...overrides,
  });

export const kybIndividual = (overrides: Partial<KybIndividual> = {}): KybIndividual => ({
  id: 'ind_1',
  personType: 'Management_Individual',
  firstName: 'Ann',
  middleName: null,
  lastName: 'Berg',
  dob: '1980-02-03',
  nationality: 'DE',
  countryOfBirth: 'DE',
  position: 'Director',
  pesel: null,
  email: 'ann@acme.example',
  ownershipPercent: null,
  ownershipType: null,
  ownedThroughCompanyId: null,
  effectivePercent: null,
  mustVerify: true,
  verificationStatus: 'Initial',
  emailSentAt: null,
  ...overrides,
});

export const eddQuestionnaire = (overrides: Partial<EddQuestionnaire> = {}): EddQuestionnaire => ({
  questions: [
    {
      id: 'q1',
      questionText: 'Who are your main customers?',
      additionDescription: null,
      answerType: 'INPUT_LINE',
      radioQuestionDetail: null,
    },
    {
      id: 'q2',
      questionText: 'Do you work with other crypto businesses?',
      additionDescription: null,
      answerType: 'RADIO',
      radioQuestionDetail: JSON.stringify([{ option: 'Yes', extraQuestionText: 'Which ones?' }, { option: 'No' }]),
    },
  ],
  answers: [],
  eddStatus: null,
  eddFailReason: null,
  ...overrides,
});

interface KybServerState {
  application: KybApplication;
  individuals: KybIndividual[];
  companies: KybCompany[];
  questionnaire: EddQuestionnaire;
}

/**
 * The KYB calls over one state: saves change it (basic-info/update merges the section, individual/update
 * adds or replaces, submit-all closes the form) and reads answer it. `routes` may replace any call.
 */
export function kybServer(initial: Partial<KybServerState> = {}, routes: Record<string, Responder> = {}) {
  const state: KybServerState = {
    application: initial.application ?? kybApplication(),
    individuals: initial.individuals ?? [],
    companies: initial.companies ?? [],
    questionnaire: initial.questionnaire ?? eddQuestionnaire(),
  };
  let nextId = 100;
  const answers: Record<string, Responder> = {
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.kybDocType]: () => ({ documentTypes: DOCUMENT_TYPES }),
    [PATHS.kybOwnershipType]: () => ({ ownershipTypes: ['DIRECT', 'INDIRECT', 'CONTROL'] }),
    [PATHS.kybBasicInfoGet]: () => state.application,
    [PATHS.kybBasicInfoUpdate]: (body: KybBasicInfoUpdate) => {
      const key =
        body.section === 'Declarations'
          ? 'declarations'
          : body.section === 'GeneralData'
            ? 'generalData'
            : body.section === 'BusinessData'
              ? 'businessData'
              : 'businessProfileFinancials';
      // As the server saves: a null clears the field (but businessAddress's, which means "the registered address").
      const saved: Record<string, unknown> = { ...state.application[key], ...body.data };
      for (const [field, value] of Object.entries(body.data)) if (value === null && field !== 'businessAddress') delete saved[field];
      state.application = { ...state.application, [key]: saved };
      return state.application;
    },
    [PATHS.kybSubmitAll]: () => {
      state.application = {
        ...state.application,
        editable: false,
        submittedAt: '2026-05-01T10:00:00.000Z',
        kybInfo: kybInfo({ kybBasicStatus: 'Processing', verificationStatus: 'Processing' }),
      };
      return state.application;
    },
    [PATHS.kybIndividualList]: () => ({ individuals: state.individuals }),
    [PATHS.kybIndividualUpdate]: (body: KybIndividualInput) => {
      const saved = kybIndividual({ ...(body as Partial<KybIndividual>), id: body.id ?? `ind_${(nextId += 1)}` });
      state.individuals = [...state.individuals.filter((person) => person.id !== saved.id), saved];
      return saved;
    },
    [PATHS.kybIndividualDelete]: (body: { id: string }) => {
      state.individuals = state.individuals.filter((person) => person.id !== body.id);
      return null;
    },
    [PATHS.kybIndividualCheckSame]: (body: { firstName: string; lastName: string; dob: string; excludeId?: string }) => ({
      same: state.individuals
        .filter((p) => p.firstName === body.firstName && p.lastName === body.lastName && p.dob === body.dob && p.id !== body.excludeId)
        .map((p) => ({ id: p.id, personType: p.personType, verificationStatus: p.verificationStatus })),
    }),
    [PATHS.kybIndividualSendEmail]: () => ({ emailSentAt: '2026-05-01T12:00:00.000Z' }),
    [PATHS.kybCompanyList]: () => ({ companies: state.companies }),
    [PATHS.kybEddQuestionnaire]: () => state.questionnaire,
    [PATHS.kybQuestionnaireCommit]: () => state.questionnaire,
    [PATHS.kybEddSubmitAll]: () => {
      state.questionnaire = { ...state.questionnaire, eddStatus: 'Processing' };
      return state.questionnaire;
    },
    ...routes,
  };
  return { state, fake: routedHttpClient(answers) };
}

/** Renders a page over a {@link kybServer}. */
export function openKybPage(page: ReactElement, path: string, server: ReturnType<typeof kybServer>, url = `/en/${path}`) {
  const view = renderPage(page, { path: `/:lng/${path}`, url, client: server.fake.client });
  return { ...view, ...server.fake, state: server.state, user: userEvent.setup() };
}
