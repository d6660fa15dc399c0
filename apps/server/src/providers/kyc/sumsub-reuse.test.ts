import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSumsub } from '../../../test/fake-sumsub.ts';
import { SharedKycRefusedError, VendorInputError } from './kyc-provider.ts';
import { createSumsubKyc, SumsubApiError, type SumsubOptions } from './sumsub.ts';
import {
  CREDENTIALS,
  documentedSignature,
  fixture,
  SECRET_KEY,
  startTestFakeSumsub,
  stubFetch,
  sumsubAgainst,
} from './sumsub.test-support.ts';

// The Sumsub adapter's Reusable KYC call; the meaning of each refusal is sumsub-reuse-errors.test.ts.
// Bodies copied in shape from Sumsub's documentation examples (ids made up): see fixtures/sumsub.

let fake: FakeSumsub;
beforeAll(async () => {
  fake = await startTestFakeSumsub();
});
afterAll(() => fake.close());
const againstFake = (overrides: Partial<SumsubOptions> = {}) => sumsubAgainst(fake, overrides);

describe('reuseSharedApplicant (Reusable KYC: a recheck under our level, not a copy)', () => {
  const SHARE_TOKEN = '_act-jwt-eyJhbGciOiJub25lIn0.eyJqdGkiOiJfYWN0LTE3YjM5YTljIn0.';

  it('POSTs /resources/api/reusableIdentity/reuse with the token, OUR level and our user id, no body, signed over that URI; answers only the new id', async () => {
    const { fetchImpl, calls } = stubFetch([{ status: 200, body: fixture('reuse-applicant.response') }]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl, now: () => new Date(1_700_000_000_000) });
    expect(
      await kyc.reuseSharedApplicant({ shareToken: SHARE_TOKEN, externalUserId: 'usr-7f3c2a91', levelName: 'basic-kyc-level' }),
    ).toEqual({ applicantId: '689223ed75b5d1bc2bb38gdg' });
    const path = `/resources/api/reusableIdentity/reuse?shareToken=${encodeURIComponent(SHARE_TOKEN)}&levelName=basic-kyc-level&userId=usr-7f3c2a91`;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `https://api.sumsub.com${path}`, method: 'POST', body: undefined });
    expect(calls[0]?.headers['x-app-access-sig']).toBe(documentedSignature(SECRET_KEY, `1700000000POST${path}`));
    // Never the Copy Applicant import, which takes the donor's review over without checks of ours.
    expect(calls.some((call) => call.url.includes('/-/import'))).toBe(false);
  });

  it('turns the documented 401 "Token is invalid" into the merchant\'s token refused, without quoting the token', async () => {
    const refusal = fixture<Record<string, { status: number; body: { description: string } }>>('reuse-errors')['401-token-invalid']!;
    const quoted = /Token (\S+) is invalid/.exec(refusal.body.description)?.[1] ?? '';
    const { fetchImpl } = stubFetch([{ status: 401, body: refusal.body }]);
    const failure = await createSumsubKyc({ ...CREDENTIALS, fetchImpl })
      .reuseSharedApplicant({ shareToken: quoted, externalUserId: 'u', levelName: 'l' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SharedKycRefusedError);
    expect((failure as SharedKycRefusedError).refusal).toEqual({
      party: 'merchant',
      reason: 'token-invalid',
      vendorErrorCode: null,
      operatorAction: null,
    });
    expect((failure as Error).message).toContain('HTTP 401');
    expect((failure as Error).message).not.toContain(quoted);
    expect(JSON.stringify(failure)).not.toContain(quoted);
  });

  it("turns a documented 400 into its typed refusal: 10505 is our account, 10513 the person's documents", async () => {
    const bodies = fixture<Record<string, { status: number; body: unknown }>>('reuse-errors');
    const { fetchImpl } = stubFetch([bodies['10505']!, bodies['10513']!]);
    const kyc = createSumsubKyc({ ...CREDENTIALS, fetchImpl });
    const reuse = () =>
      kyc.reuseSharedApplicant({ shareToken: SHARE_TOKEN, externalUserId: 'u', levelName: 'basic-kyc-level' }).catch((e: unknown) => e);
    const disabled = (await reuse()) as SharedKycRefusedError;
    expect(disabled.refusal).toMatchObject({ party: 'operator', reason: 'reusable-kyc-disabled', vendorErrorCode: 10505 });
    expect(disabled.message).toContain('errorCode 10505 (reusable-kyc-disabled)');
    expect(((await reuse()) as SharedKycRefusedError).refusal).toMatchObject({
      party: 'person',
      reason: 'reusable-kyc-not-compatible-doc-type',
    });
  });

  it("refuses a token longer than 1 KB as the merchant's, sending nothing", async () => {
    const { fetchImpl, calls } = stubFetch([]);
    const failure = await createSumsubKyc({ ...CREDENTIALS, fetchImpl })
      .reuseSharedApplicant({ shareToken: 'x'.repeat(1025), externalUserId: 'u', levelName: 'l' })
      .catch((error: unknown) => error);
    expect((failure as SharedKycRefusedError).refusal).toMatchObject({ party: 'merchant', reason: 'invalid-share-token' });
    expect(calls).toHaveLength(0);
  });

  it('leaves a vendor outage an outage (retried), not a refusal', async () => {
    const { fetchImpl } = stubFetch([{ status: 500, body: fixture('error-500') }]);
    const failure = await createSumsubKyc({ ...CREDENTIALS, fetchImpl })
      .reuseSharedApplicant({ shareToken: SHARE_TOKEN, externalUserId: 'u', levelName: 'l' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SumsubApiError);
    expect(failure).not.toBeInstanceOf(VendorInputError);
  });

  it('reuses once against the fake Sumsub: a new applicant of ours under review, the token spent', async () => {
    const donor = await againstFake().createApplicant({
      externalUserId: 'donor-42',
      email: 'donor@example.test',
      levelName: 'donor-level',
    });
    fake.setReview(donor.applicantId, { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    const token = fake.issueShareToken(donor.applicantId);
    const reused = await againstFake().reuseSharedApplicant({
      shareToken: token,
      externalUserId: 'usr-reuse',
      levelName: 'basic-kyc-level',
    });
    expect(reused.applicantId).not.toBe(donor.applicantId);
    // Our applicant, at our level, rechecked: the donor's GREEN is not taken over.
    const review = await againstFake().getReview(reused.applicantId);
    expect(review).toMatchObject({ externalUserId: 'usr-reuse', reviewStatus: 'pending', reviewAnswer: null });
    expect(fake.applicants.get(reused.applicantId)?.review.levelName).toBe('basic-kyc-level');
    const again = await againstFake()
      .reuseSharedApplicant({ shareToken: token, externalUserId: 'usr-reuse-2', levelName: 'basic-kyc-level' })
      .catch((error: unknown) => error);
    expect((again as SharedKycRefusedError).refusal).toMatchObject({ party: 'merchant', reason: 'token-invalid' });
  });
});
