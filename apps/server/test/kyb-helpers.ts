import { PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { call, type IdentityTestApp, signUp, tokenHeaders } from './identity-helpers.ts';
import { multipartBody, fakeFile } from './multipart.ts';

/** A new business (signed up on business-login); answers its business-token headers. */
export async function newBusiness(t: IdentityTestApp, email: string): Promise<Record<string, string>> {
  return tokenHeaders(await signUp(t.app, email, { loginMode: 'business' }), 'business');
}

export const kybCall = (t: IdentityTestApp, headers: Record<string, string>, method: 'GET' | 'POST', path: string, body?: object) =>
  call(t.app, method, path, { headers, ...(body ? { body } : {}) });

/** sign-upload-kyb-temple, then the PUT of the bytes: answers the file's path. */
export async function uploadKyb(t: IdentityTestApp, headers: Record<string, string>, name: string, type: 'png' | 'pdf' | 'jpg' = 'pdf') {
  const signed = await call(t.app, 'POST', PATHS.signUploadKyb, { headers, body: { s3FileName: name } });
  if (signed.statusCode !== 200) throw new Error(`sign-upload-kyb-temple answered ${JSON.stringify(signed.body)}`);
  const put = await t.app.inject({
    method: 'PUT',
    url: signed.body.data.uploadTempUrl,
    payload: fakeFile(type),
    headers: { 'content-type': 'application/octet-stream' },
  });
  if (put.statusCode !== 200) throw new Error(`PUT answered ${put.statusCode}`);
  return signed.body.data.filePath as string;
}

/** A UK company (Tesco PLC's published numbers pass the format checks). */
export const GENERAL_DATA = {
  jurisdiction: 'GB',
  companyName: 'Northwind Trading Ltd',
  tradeNames: ['Northwind'],
  registrationNumber: '00445790',
  legalEntityType: 'PRIVATE_LIMITED_COMPANY',
  incorporationDate: '2015-03-02',
  website: 'https://northwind.example',
  businessEmail: 'office@northwind.example',
  taxId: 'GB220430231',
};
const ADDRESS = { addressLine: '1 Market Street', city: 'London', postalCode: 'EC1A 1AA', country: 'GB' };

export const person = (over: Record<string, unknown>) => ({
  personType: 'Management_Individual',
  firstName: 'Ada',
  lastName: 'Director',
  dob: '1985-06-15',
  nationality: 'GB',
  countryOfBirth: 'GB',
  position: 'Director',
  email: 'ada.director@example.test',
  ...over,
});

/** Fills every section of the form (a director who also trades, and an owner at 60 %); answers the files used. */
export async function fillForm(t: IdentityTestApp, headers: Record<string, string>, companyName = GENERAL_DATA.companyName) {
  const save = async (section: string, data: object) => {
    const saved = await kybCall(t, headers, 'POST', PATHS.kybBasicInfoUpdate, { section, data });
    if (saved.statusCode !== 200) throw new Error(`basic-info/update ${section} answered ${JSON.stringify(saved.body)}`);
  };
  await save('GeneralData', { ...GENERAL_DATA, companyName });
  const documents: Record<string, string[]> = {};
  for (const type of ['CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'REGISTER_OF_SHAREHOLDERS', 'PROOF_OF_BUSINESS_ADDRESS'])
    documents[type] = [await uploadKyb(t, headers, `${type.toLowerCase()}.pdf`)];
  await save('BusinessData', {
    registeredAddress: ADDRESS,
    businessAddress: null,
    mainActivities: 'Wholesale of coffee and tea',
    documents,
  });
  const funds = await uploadKyb(t, headers, 'funds.pdf');
  const wealth = await uploadKyb(t, headers, 'wealth.pdf');
  await save('BusinessProfileFinancials', {
    sourceOfFunds: 'BUSINESS_REVENUE',
    sourceOfFundsDescription: 'Sales to cafés',
    sourceOfFundsFiles: [funds],
    sourceOfWealth: 'RETAINED_PROFITS',
    sourceOfWealthDescription: 'Ten years of profits',
    sourceOfWealthFiles: [wealth],
    plannedMonthlyTurnover: '50K_TO_250K',
    cryptoAddresses: [],
  });
  for (const body of [
    person({}),
    person({ personType: 'AuthorizedTrader_Individual', position: 'Managing director' }),
    person({
      personType: 'Ownership_Individual',
      firstName: 'Bob',
      lastName: 'Owner',
      dob: '1970-01-20',
      position: null,
      email: 'bob.owner@example.test',
      ownershipPercent: '60',
      ownershipType: 'DIRECT',
    }),
  ]) {
    const saved = await kybCall(t, headers, 'POST', PATHS.kybIndividualUpdate, body);
    if (saved.statusCode !== 200) throw new Error(`individual/update answered ${JSON.stringify(saved.body)}`);
  }
  await save('Declarations', { allOwnersDeclared: true, informationAccurate: true });
  return { funds, wealth };
}

/** The ticket of the latest verification link emailed to `email` (the sandbox mailbox). */
export async function ticketFor(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` });
  const messages = response.json().messages as Array<{ text: string }>;
  const ticket = messages[0]?.text.match(/kyb-verify#(\S+)/)?.[1];
  if (!ticket) throw new Error(`no verification link in the mailbox of ${email}`);
  return ticket;
}

/** The emailed person opens their link and passes (or not: by last name) the sandbox KYC vendor's page. */
export async function verifyPerson(t: IdentityTestApp, email: string, lastName: string, firstName = 'Ada') {
  const access = await call(t.app, 'POST', PATHS.kybIndividualAccessToken, { body: { ticket: await ticketFor(t.app, email) } });
  if (access.statusCode !== 200) throw new Error(`get-access-token-kyb answered ${JSON.stringify(access.body)}`);
  const { payload, headers } = multipartBody(
    {
      token: access.body.data.token as string,
      returnUrl: '/en/kyb-verify',
      firstName,
      lastName,
      dob: '1985-06-15',
      nationality: 'GB',
      residenceCountry: 'GB',
    },
    [{ field: 'document', name: 'passport.png', type: 'application/octet-stream', bytes: fakeFile('png') }],
  );
  const page = await t.app.inject({ method: 'POST', url: '/sandbox/kyc/verify', payload, headers });
  if (page.statusCode >= 400) throw new Error(`the sandbox KYC page answered ${page.statusCode}`);
}
