import { createHmac } from 'node:crypto';
import { API_BASE, PATHS } from '@causeway/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, kycWebhookEvents, sandboxKycApplicants } from '../../db/schema/index.ts';
import { deriveKey } from '../../platform/crypto.ts';
import { loadServerSecret } from '../../platform/server-secret.repository.ts';
import { WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR } from '../../platform/webhook-intake.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { newIndividual, profileOf, submitSandboxVerification } from '../../../test/kyc-helpers.ts';

let t: IdentityTestApp;
let secret: string;
let applicantId: string;
let userId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  secret = deriveKey(await loadServerSecret(t.db, undefined), 'sandbox-kyc-webhook').toString('hex');
  const person = await newIndividual(t, 'webhooks@example.test');
  userId = person.userId;
  await submitSandboxVerification(t, person.token, { lastName: 'Smith' });
  t.clock.advance(2000);
  await t.app.jobs.drain();
  const [applicant] = await t.db.select().from(sandboxKycApplicants).where(eq(sandboxKycApplicants.externalUserId, userId));
  applicantId = applicant!.id;
});
afterAll(() => t.app.close());

const eventBody = (type: string, correlationId: string) =>
  JSON.stringify({
    applicantId,
    inspectionId: applicantId,
    correlationId,
    externalUserId: userId,
    type,
    reviewStatus: 'pending',
    createdAtMs: '2026-11-21 12:00:00.000',
  });

const hmac = (algorithm: string, body: string, key = secret) => createHmac(algorithm, key).update(body).digest('hex');

const post = (body: string | Buffer, headers: Record<string, string>, url = `${API_BASE}${PATHS.kycWebhook}`) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });

const counts = async () => {
  const [events] = await t.db.select({ n: sql<number>`count(*)::int` }).from(kycWebhookEvents);
  const [queued] = await t.db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  return { events: events!.n, jobs: queued!.n };
};

describe('webhook intake', () => {
  it('stored both webhooks of the sandbox flow (pending, then reviewed) and applied them', async () => {
    const events = await t.db.select().from(kycWebhookEvents).where(eq(kycWebhookEvents.applicantId, applicantId));
    expect(events.map((e) => e.type).sort()).toEqual(['applicantPending', 'applicantReviewed']);
    expect(events.every((e) => e.processedAt !== null)).toBe(true);
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
  });

  it('a delivery the sandbox vendor makes again (a retry) is the same event: stored and processed once', async () => {
    const eventsOf = async () =>
      (await t.db.select().from(kycWebhookEvents).where(eq(kycWebhookEvents.applicantId, applicantId))).map((e) => e.eventKey).sort();
    const before = await eventsOf();
    const deliveries = and(eq(jobs.kind, 'sandbox-kyc.deliver'), sql`${jobs.payload}->>'applicantId' = ${applicantId}`);
    expect(await t.db.select().from(jobs).where(deliveries)).toHaveLength(2);
    // As if the process died after the intake answered but before the job was marked done.
    await t.db.update(jobs).set({ doneAt: null, leaseUntil: null, runAt: t.clock.now() }).where(deliveries);
    await t.app.jobs.drain();
    expect(await eventsOf()).toEqual(before);
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
  });

  it('the one intake, POST /webhooks/<vendor>, takes the same event once, whichever path it came by; an unknown vendor is refused like a bad signature', async () => {
    const body = eventBody('applicantPending', 'intake-by-vendor-path');
    const headers = { 'x-payload-digest': hmac('sha256', body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' };
    const before = await counts();
    const first = await post(body, headers, '/webhooks/sandbox');
    expect(first.statusCode).toBe(200);
    expect(await counts()).toEqual({ events: before.events + 1, jobs: before.jobs + 1 });
    // The same event by the older call path is a duplicate: stored and queued once.
    expect((await post(body, headers)).statusCode).toBe(200);
    expect(await counts()).toEqual({ events: before.events + 1, jobs: before.jobs + 1 });

    const forged = await post(body, { ...headers, 'x-payload-digest': hmac('sha256', body, 'not-the-secret') }, '/webhooks/sandbox');
    expect(forged.statusCode).toBe(401);
    const unknown = await post(body, headers, '/webhooks/nobody');
    expect(unknown.statusCode).toBe(401);
    expect(await counts()).toEqual({ events: before.events + 1, jobs: before.jobs + 1 });
  });

  it.each([
    [
      'a 1-byte flip in the body',
      (body: string) => ({
        body: body.replace('pending', 'pendinG'),
        headers: { 'x-payload-digest': hmac('sha256', body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' },
      }),
    ],
    [
      'the wrong secret',
      (body: string) => ({
        body,
        headers: { 'x-payload-digest': hmac('sha256', body, 'not-the-secret'), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' },
      }),
    ],
    ['no digest header', (body: string) => ({ body, headers: { 'x-payload-digest-alg': 'HMAC_SHA256_HEX' } })],
    [
      'SHA-1, even correctly signed',
      (body: string) => ({ body, headers: { 'x-payload-digest': hmac('sha1', body), 'x-payload-digest-alg': 'HMAC_SHA1_HEX' } }),
    ],
    ['no algorithm header (legacy SHA-1)', (body: string) => ({ body, headers: { 'x-payload-digest': hmac('sha256', body) } })],
  ])('refuses %s with 401, storing and queueing nothing', async (_what, forge) => {
    const before = await counts();
    const { body, headers } = forge(eventBody('applicantPending', `forged-${Math.random()}`));
    const response = await post(body, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'WHK0000401' });
    expect(await counts()).toEqual(before);
  });

  it(`counts refused signatures per address: after ${WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR} in an hour the address is refused unchecked (429), others and the next hour go on`, async () => {
    const ip = '198.51.100.77';
    const forged = (n: number) => {
      const body = eventBody('applicantPending', `flood-${n}`);
      return t.app.inject({
        method: 'POST',
        url: `${API_BASE}${PATHS.kycWebhook}`,
        payload: body,
        remoteAddress: ip,
        headers: {
          'content-type': 'application/json',
          'x-payload-digest': hmac('sha256', body, 'not-the-secret'),
          'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        },
      });
    };
    const answers = await Promise.all(Array.from({ length: WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR + 10 }, (_, n) => forged(n)));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(WEBHOOK_REFUSALS_PER_ADDRESS_PER_HOUR);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(limited).toHaveLength(10);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address (the vendor's) is not held back, and a right signature never adds to a count.
    const body = eventBody('applicantPending', 'after-flood');
    expect((await post(body, { 'x-payload-digest': hmac('sha256', body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' })).statusCode).toBe(
      200,
    );
    t.clock.advance(60 * 60_000);
    expect((await forged(999)).statusCode).toBe(401);
  });

  it('accepts SHA-512', async () => {
    const body = eventBody('applicantPending', 'sha512-event');
    const response = await post(body, { 'x-payload-digest': hmac('sha512', body), 'x-payload-digest-alg': 'HMAC_SHA512_HEX' });
    expect(response.statusCode).toBe(200);
    await t.app.jobs.drain();
  });

  it('stores a resent event once and processes it once', async () => {
    const before = await counts();
    const body = eventBody('applicantPending', 'resent-event');
    const headers = { 'x-payload-digest': hmac('sha256', body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' };
    expect((await post(body, headers)).statusCode).toBe(200);
    expect((await post(body, headers)).statusCode).toBe(200);
    expect(await counts()).toEqual({ events: before.events + 1, jobs: before.jobs + 1 });
    await t.app.jobs.drain();
  });

  it('ends in the same state when an older event arrives after the newer one', async () => {
    // The review is complete (Pass); a late applicantPending must not move the person back.
    const late = eventBody('applicantPending', 'late-pending');
    expect((await post(late, { 'x-payload-digest': hmac('sha256', late), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' })).statusCode).toBe(
      200,
    );
    await t.app.jobs.drain();
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
  });

  it('marks an event about an applicant no profile knows as processed, without retrying it', async () => {
    // An applicant on the vendor's side that is not ours (another app or level on the same account).
    const stranger = 'sbx_stranger_applicant';
    await t.db
      .insert(sandboxKycApplicants)
      .values({ id: stranger, externalUserId: 'someone-elses-user', email: 'x@example.test', levelName: 'basic-kyc-level' });
    const body = JSON.stringify({
      applicantId: stranger,
      inspectionId: stranger,
      correlationId: 'stranger-event',
      externalUserId: 'someone-elses-user',
      type: 'applicantPending',
      reviewStatus: 'pending',
      createdAtMs: '2026-11-21 12:00:00.000',
    });
    expect((await post(body, { 'x-payload-digest': hmac('sha256', body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' })).statusCode).toBe(
      200,
    );
    await t.app.jobs.drain();
    const [event] = await t.db.select().from(kycWebhookEvents).where(eq(kycWebhookEvents.applicantId, stranger));
    expect(event?.processedAt).not.toBeNull();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'applicantId' = ${stranger}`);
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    expect(job?.doneAt).not.toBeNull();
  });

  it('logs each refusal at warn with a reason the operator can act on (a SHA-1 delivery: switch to SHA-256 or opt in)', async () => {
    const body = eventBody('applicantPending', 'legacy-sha1-event');
    const seen = t.logs.length;
    expect((await post(body, { 'x-payload-digest': hmac('sha1', body) })).statusCode).toBe(401);
    const refused = t.logs
      .slice(seen)
      .map((line) => JSON.parse(line) as { level: number; msg: string; provider?: string; reason?: string })
      .find((entry) => entry.msg === 'webhook refused');
    expect(refused).toMatchObject({ level: 40, provider: 'sandbox' });
    expect(refused?.reason).toBe(
      "the webhook was signed with SHA-1 (no X-Payload-Digest-Alg header = Sumsub's legacy default): switch the webhook to HMAC_SHA256_HEX (or HMAC_SHA512_HEX) in Sumsub's dashboard (Dev space > Webhooks), or set SUMSUB_WEBHOOK_ALLOW_SHA1=true to accept SHA-1",
    );
    // The digest itself (a secret's check) is not what the log line carries.
    expect(t.logs.slice(seen).join('')).not.toContain(hmac('sha1', body));
  });

  it('answers 400 for a signed body that is not JSON', async () => {
    const body = 'not json';
    const response = await post(body, { 'x-payload-digest': hmac('sha256', body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' });
    expect(response.statusCode).toBe(400);
  });
});

describe('SUMSUB_WEBHOOK_ALLOW_SHA1=true', () => {
  let allowing: IdentityTestApp;
  beforeAll(async () => {
    allowing = await createIdentityTestApp({ SUMSUB_WEBHOOK_ALLOW_SHA1: 'true' });
  });
  afterAll(() => allowing.app.close());

  it('warns at boot, and the KYC and KYB intakes take SHA-1 deliveries (explicit, or no algorithm header)', async () => {
    const warnings = allowing.logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level === 40);
    expect(warnings.map((entry) => entry.msg)).toContainEqual(expect.stringContaining('SUMSUB_WEBHOOK_ALLOW_SHA1 is on'));

    const serverSecret = await loadServerSecret(allowing.db, undefined);
    const sign = (purpose: string, body: string) =>
      createHmac('sha1', deriveKey(serverSecret, purpose).toString('hex')).update(body).digest('hex');
    const deliver = (url: string, body: string, headers: Record<string, string>) =>
      allowing.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...headers } });

    const kycUrl = `${API_BASE}${PATHS.kycWebhook}`;
    const explicit = eventBody('applicantPending', 'sha1-explicit');
    expect(
      (
        await deliver(kycUrl, explicit, {
          'x-payload-digest': sign('sandbox-kyc-webhook', explicit),
          'x-payload-digest-alg': 'HMAC_SHA1_HEX',
        })
      ).statusCode,
    ).toBe(200);
    const legacy = eventBody('applicantPending', 'sha1-legacy');
    expect((await deliver(kycUrl, legacy, { 'x-payload-digest': sign('sandbox-kyc-webhook', legacy) })).statusCode).toBe(200);
    // Opting in takes SHA-1, not any signature.
    expect((await deliver(kycUrl, legacy, { 'x-payload-digest': sign('another-purpose', legacy) })).statusCode).toBe(401);

    const company = JSON.stringify({
      applicantId: 'sbx_kyb_unknown',
      correlationId: 'sha1-kyb',
      externalUserId: 'someone',
      type: 'applicantReviewed',
      createdAtMs: '2026-11-21 12:00:00.000',
    });
    expect((await deliver('/webhooks/kyb', company, { 'x-payload-digest': sign('sandbox-kyb-webhook', company) })).statusCode).toBe(200);
  });
});
