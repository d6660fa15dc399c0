import { type KybApplication, type KybCompanyHeader, type KybIndividual, PATHS } from '@causeway/contracts';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { corporateOverview, kybInfo } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';

/** Test-only answers of the KYB calls the portal's pages make, and a way to open one of them. */

export const COMPANY = 'Acme Trading Ltd';

export const companyHeader = (overrides: Partial<KybCompanyHeader> = {}): KybCompanyHeader => ({
  companyName: COMPANY,
  logoUrl: null,
  kybInfo: kybInfo(),
  ...overrides,
});

/** basic-info/get of a submitted, verified Lithuanian company operating from its registered address. */
export const application = (overrides: Partial<KybApplication> = {}): KybApplication => ({
  generalData: {
    companyName: COMPANY,
    registrationNumber: '304567890',
    jurisdiction: 'LT',
    legalEntityType: 'PRIVATE_LIMITED_COMPANY',
  },
  businessData: {
    registeredAddress: { addressLine: 'Gedimino pr. 1', city: 'Vilnius', postalCode: 'LT-01103', country: 'LT' },
    businessAddress: null,
  },
  businessProfileFinancials: {},
  declarations: { allOwnersDeclared: true, informationAccurate: true },
  editable: false,
  submittedAt: '2026-03-01T10:00:00.000Z',
  ownershipThresholdPercent: 25,
  rejectedFields: [],
  kybInfo: kybInfo(),
  ...overrides,
});

/** A declared director who must verify, unless overridden. */
export const individual = (overrides: Partial<KybIndividual> = {}): KybIndividual => ({
  id: 'kyi_1',
  personType: 'Management_Individual',
  firstName: 'Rasa',
  middleName: null,
  lastName: 'Jonaitė',
  dob: '1985-04-12',
  nationality: 'LT',
  countryOfBirth: 'LT',
  position: 'Director',
  pesel: null,
  email: 'rasa@acme.example',
  ownershipPercent: null,
  ownershipType: null,
  ownedThroughCompanyId: null,
  effectivePercent: null,
  mustVerify: true,
  verificationStatus: 'Pending',
  emailSentAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** Opens a portal page at `url` (route `path`) with the KYB answers above, overridable by `routes`. */
export function openPortalPage(
  page: ReactElement,
  { path, url, routes = {} }: { path: string; url: string; routes?: Record<string, Responder> },
) {
  const fake = routedHttpClient({
    [PATHS.checkLoginStatus]: () => ({
      isLogin: true,
      email: 'boss@acme.example',
      userType: 'Corporate',
      mode: 'business',
      targetEntityTag: null,
    }),
    [PATHS.kybCompanyHeader]: () => companyHeader(),
    [PATHS.overview]: () => corporateOverview(),
    [PATHS.kybBasicInfoGet]: () => application(),
    [PATHS.kybIndividualList]: () => ({ individuals: [individual()] }),
    [PATHS.listCountryCode]: () => [{ towCharCode: 'LT', englishName: 'Lithuania', chineseName: '立陶宛', flag: '🇱🇹' }],
    ...routes,
  });
  const view = renderPage(page, { path, url, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}
