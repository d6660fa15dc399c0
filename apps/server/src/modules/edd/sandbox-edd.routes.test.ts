import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eddCalls, SOF_TEXT, SOW_TEXT, uploadKyc } from '../../../test/edd-helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { accountOf } from '../../../test/kyc-helpers.ts';
import { verifiedBuyer } from '../../../test/order-helpers.ts';
import { createTestApp } from '../../../test/test-app.ts';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(() => t.app.close());

const json = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const form = (url: string, body: string) =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('the sandbox EDD reviewer (docs/sandbox.md "Enhanced due diligence")', () => {
  it('asks a person for EDD by email, shows the case, and decides it as an operator would', async () => {
    const person = await verifiedBuyer(t, 'sandbox.edd@example.com');
    const asked = await json('/sandbox/edd/request', { email: 'sandbox.edd@example.com' });
    expect(asked.statusCode).toBe(201);
    const caseId = asked.json().case.id as string;
    expect(asked.json().case).toMatchObject({
      status: 'Initial',
      trigger: 'sandbox',
      requestedBy: 'sandbox',
      email: 'sandbox.edd@example.com',
    });
    // Asking again answers the open case.
    expect((await json('/sandbox/edd/request', { email: 'sandbox.edd@example.com' })).json().case.id).toBe(caseId);

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/edd' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('sandbox.edd@example.com');

    const edd = eddCalls(t, person.headers);
    await edd.sow({ choice: 'EMPLOYMENT', text: SOW_TEXT, files: [await uploadKyc(t, person.headers, 'payslip.pdf')] });
    await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [await uploadKyc(t, person.headers, 'statement.pdf')] });
    const listed = (await t.app.inject({ method: 'GET', url: '/sandbox/edd?format=json' })).json();
    expect(listed.pending.map((edd: { id: string }) => edd.id)).toContain(caseId);

    // The page's form: a request for more about the source of funds, back to the page.
    const rfi = await form(
      '/sandbox/edd/decide',
      `caseId=${caseId}&outcome=rfi&message=${encodeURIComponent('A newer statement')}&parts=SOF`,
    );
    expect(rfi.statusCode).toBe(303);
    expect(rfi.headers.location).toContain('/sandbox/edd?changed=');
    expect((await edd.detail()).body.data).toMatchObject({ eddStatus: 'RFI', askedParts: ['SOF'], rfiMessage: 'A newer statement' });
    await edd.sof({ choice: 'SAVINGS', text: SOF_TEXT, files: [await uploadKyc(t, person.headers, 'newer.pdf')] });

    const approved = await json('/sandbox/edd/decide', { caseId, outcome: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().case).toMatchObject({ status: 'Pass', decidedBy: 'sandbox' });
    expect((await edd.detail()).body.data.eddStatus).toBe('Pass');
  });

  it('rejects with AC100004 from the form, and refuses what it cannot do with the reason', async () => {
    const person = await verifiedBuyer(t, 'sandbox.edd.reject@example.com');
    const caseId = (await json('/sandbox/edd/request', { email: 'sandbox.edd.reject@example.com' })).json().case.id as string;
    const early = await json('/sandbox/edd/decide', { caseId, outcome: 'approve' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('Initial');
    expect((await json('/sandbox/edd/decide', { caseId, outcome: 'maybe' })).statusCode).toBe(400);
    expect((await json('/sandbox/edd/decide', { caseId: 'edd_unknown', outcome: 'reject' })).statusCode).toBe(404);
    expect((await json('/sandbox/edd/request', { email: 'nobody@example.com' })).statusCode).toBe(404);
    const refusedForm = await form('/sandbox/edd/request', 'email=');
    expect(refusedForm.statusCode).toBe(400);
    expect(refusedForm.body).toContain('role="alert"');

    expect((await form('/sandbox/edd/decide', `caseId=${caseId}&outcome=reject`)).statusCode).toBe(303);
    expect(await accountOf(t.db, person.userId)).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100004' });
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({
      CAUSEWAY_ENV: 'production',
      SECRET_KEY: 'a-production-secret-key-of-40-characters!',
      PUBLIC_URL: 'https://pay.example.test',
      ALLOW_SANDBOX: 'all',
    });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/sandbox/edd' })).statusCode).toBe(404);
    } finally {
      await production.app.close();
    }
  });
});
