import { UPLOAD_MESSAGES } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { accountOf, newIndividual, profileOf, submitSandboxVerification } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

let counter = 0;
const nextEmail = () => `kyc-${(counter += 1)}@example.test`;

/** A new person submits the sandbox form; the outbox runs (webhooks delivered and processed). */
async function verify(person: Parameters<typeof submitSandboxVerification>[2]) {
  const { token, userId } = await newIndividual(t, nextEmail());
  const response = await submitSandboxVerification(t, token, person);
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toBe('/en/account-status');
  await t.app.jobs.drain();
  return { token, userId };
}

describe('the sandbox vendor decides as docs/sandbox.md says, and tells us by signed webhook', () => {
  it('passes an ordinary name after SANDBOX_KYC_DELAY_MS, pending until then', async () => {
    const { userId } = await verify({ lastName: 'Smith' });
    expect(await profileOf(t.db, userId)).toMatchObject({
      kycStatus: 'Pending',
      kycLevel: 0,
      firstName: 'Ann',
      lastName: 'Smith',
      nationality: 'DE',
    });
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({
      kycStatus: 'Pass',
      kycLevel: 1,
      dob: '1990-04-01',
      residentCountry: 'DE',
      ukFlag: false,
    });
    expect((await accountOf(t.db, userId)).accountStatus).toBe('Active');
  });

  it.each([
    ['Rejected', 'Fail'],
    ['Resubmitter', 'Resubmitting'],
    ['Pendington', 'Pending'],
  ])('last name %s ends %s, the account staying active', async (lastName, status) => {
    const { userId } = await verify({ lastName });
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, userId))?.kycStatus).toBe(status);
    expect((await accountOf(t.db, userId)).accountStatus).toBe('Active');
  });

  it.each([
    [{ lastName: 'SANCTIONED' }, 'AC100002'],
    [{ lastName: 'Duplicated' }, 'AC100003'],
  ])('%j blocks the account with %s', async (person, reason) => {
    const { userId } = await verify(person);
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Fail');
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: reason });
  });

  it.each([
    [{ lastName: 'Smith', residenceCountry: 'IR' }, 'AC100001'],
    [{ lastName: 'Smith', nationality: 'SY' }, 'AC100011'],
    // A document the vendor rejected still names the nationality: blocked too, the reason saying why.
    [{ lastName: 'Reject', nationality: 'SY' }, 'AC100011'],
  ])('leaves the countries to our rules: %j fails and blocks with %s as its data arrives', async (person, reason) => {
    const { userId } = await verify(person);
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Fail');
    expect(await accountOf(t.db, userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: reason });
  });

  it('sets the UK flag for residence GB', async () => {
    const { userId } = await verify({ lastName: 'Jones', nationality: 'GB', residenceCountry: 'GB' });
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pass', ukFlag: true });
  });

  it('lets a person resubmit after Resubmitting, and the new submission decides', async () => {
    const { token, userId } = await verify({ lastName: 'Resubmit' });
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Resubmitting');
    expect((await submitSandboxVerification(t, token, { lastName: 'Fixed' })).statusCode).toBe(303);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pending');
    t.clock.advance(2000);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
  });
});

describe('the sandbox verification page', () => {
  it('shows the form for a valid token and refuses a made-up one', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/sandbox/kyc/verify?token=made-up' });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain('invalid or expired');
  });

  it.each([
    ['an HTML file renamed .jpg', { name: 'passport.jpg', bytes: fakeFile('html') }, 'File format must be in jpg/jpeg/png/pdf'],
    ['a PNG named .pdf', { name: 'passport.pdf', bytes: fakeFile('png') }, 'File format must be in jpg/jpeg/png/pdf'],
    // The upload rules of every document (docs/rules/validation.md, uploads.service checkDocument), with their texts.
    ['a 6 MB image', { name: 'passport.png', bytes: fakeFile('png', 6 * 1024 * 1024) }, UPLOAD_MESSAGES.size],
    ['a 5 KB image', { name: 'passport.png', bytes: fakeFile('png', 5 * 1024) }, UPLOAD_MESSAGES.size],
    ['an image of 5120 KB and one byte', { name: 'passport.png', bytes: fakeFile('png', 5120 * 1024 + 1) }, UPLOAD_MESSAGES.size],
  ])('refuses %s, and nothing is submitted', async (_what, document, message) => {
    const { token, userId } = await newIndividual(t, nextEmail());
    const response = await submitSandboxVerification(t, token, { lastName: 'Smith' }, document);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    await t.app.jobs.drain();
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Initial');
  });

  it('keeps what was typed when a field is wrong', async () => {
    const { token } = await newIndividual(t, nextEmail());
    const response = await submitSandboxVerification(t, token, { lastName: 'Smith', firstName: 'Zoë', dob: '2999-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The date of birth must be in the past');
    expect(response.body).toContain('value="Zoë"');
  });
});
