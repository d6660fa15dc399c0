import Decimal from 'decimal.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { ApplicantReview, DocumentSubmission, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import { createLocalStorage } from '../../providers/storage/local.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../../test/identity-helpers.ts';
import { accountOf, newIndividual, profileOf } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { createIdentityRepository } from '../identity/identity.repository.ts';
import { createPeople } from '../identity/people.ts';
import { createKycRepository } from './kyc.repository.ts';
import { createKycService, UnknownApplicantError } from './kyc.service.ts';
import { createDocumentUploadsRepository } from '../uploads/document-uploads.repository.ts';

let t: IdentityTestApp;
let root: string;
beforeAll(async () => {
  t = await createIdentityTestApp();
  root = await mkdtemp(path.join(tmpdir(), 'causeway-kyc-service-'));
});
afterAll(async () => {
  await t.app.close();
  await rm(root, { recursive: true, force: true });
});

interface StubVendor {
  review: ApplicantReview | undefined;
  submissions: DocumentSubmission[];
  provider: KycProvider;
}

/** A vendor whose review is whatever the test says, and which records the documents it was sent. */
function stubVendor(): StubVendor {
  const vendor: StubVendor = {
    review: undefined,
    submissions: [],
    provider: {
      kind: 'sandbox',
      createApplicant: async ({ externalUserId }) => ({ applicantId: `app_${externalUserId}` }),
      accessToken: async () => ({ token: 'token', url: null }),
      submitDocuments: async (submission) => void vendor.submissions.push(submission),
      reuseSharedApplicant: async () => {
        throw new Error('not used here');
      },
      getReview: async () => {
        if (!vendor.review) throw new Error('no review set');
        return vendor.review;
      },
      decide: async () => {
        throw new Error('not used here');
      },
      parseWebhook: () => {
        throw new Error('not used');
      },
    },
  };
  return vendor;
}

function serviceWith(vendor: ReturnType<typeof stubVendor>) {
  return createKycService({
    repository: createKycRepository(t.db, createJobQueueRepository(t.db)),
    identity: createPeople(createIdentityRepository(t.db)),
    provider: vendor.provider,
    storage: createLocalStorage({ root, urlKey: Buffer.alloc(32, 3), now: () => t.clock.now() }),
    clock: t.clock,
    levelName: 'basic-kyc-level',
    flowVersion: 'V2',
    spentInPeriods: async () => ({ DAILY: new Decimal(0), MONTHLY: new Decimal(0), YEARLY: new Decimal(0) }),
    limitTiers: async () => [],
    uploads: createDocumentUploadsRepository(t.db),
    businessLevelOf: async () => 0,
    transaction: t.unitOfWork.transaction,
  });
}

let counter = 0;
/** A new person with a profile and a vendor applicant. */
async function person() {
  const { token, userId } = await newIndividual(t, `kyc-service-${(counter += 1)}@example.test`);
  const vendor = stubVendor();
  const service = serviceWith(vendor);
  const user = (await createIdentityRepository(t.db).findUserById(userId))!;
  const { applicantId } = await service.startVerification(user);
  const review = (reviewStatus: string, at: Date | null, answer?: Partial<ApplicantReview>): ApplicantReview => ({
    applicantId,
    externalUserId: userId,
    reviewStatus,
    reviewAnswer: null,
    reviewRejectType: null,
    rejectLabels: [],
    info: {},
    reviewedAt: at,
    ...answer,
  });
  return { token, userId, user, applicantId, vendor, service, review };
}

const at = (iso: string) => new Date(iso);

describe('applyReview: an older review never overwrites a newer one', () => {
  it('keeps Pass when a request that read "pending" finishes after the webhook job applied the decision', async () => {
    const { userId, service, review } = await person();
    await service.applyReview(review('completed', at('2026-11-21T12:00:05Z'), { reviewAnswer: 'GREEN', info: { firstName: 'Ann' } }));
    await service.applyReview(review('pending', at('2026-11-21T12:00:00Z'), { info: { firstName: 'Stale' } }));
    expect(await profileOf(t.db, userId)).toMatchObject({
      kycStatus: 'Pass',
      kycLevel: 1,
      firstName: 'Ann',
      reviewedAt: at('2026-11-21T12:00:05Z'),
    });
  });

  it("stores the vendor's time of the review, and applies a newer or equally old one", async () => {
    const { userId, service, review } = await person();
    await service.applyReview(review('pending', at('2026-11-21T12:00:00Z')));
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pending', reviewedAt: at('2026-11-21T12:00:00Z') });
    // The same time again (a vendor that changed the review within one tick, or a retried job) applies.
    await service.applyReview(review('completed', at('2026-11-21T12:00:00Z'), { reviewAnswer: 'RED', reviewRejectType: 'RETRY' }));
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Resubmitting');
    await service.applyReview(review('pending', at('2026-11-21T12:10:00Z')));
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pending', reviewedAt: at('2026-11-21T12:10:00Z') });
  });

  it('an older review that would block changes nothing, the account included', async () => {
    const { userId, service, review } = await person();
    await service.applyReview(review('completed', at('2026-11-21T12:00:05Z'), { reviewAnswer: 'GREEN' }));
    await service.applyReview(
      review('completed', at('2026-11-21T12:00:00Z'), { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['SANCTIONS'] }),
    );
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
    expect((await accountOf(t.db, userId)).accountStatus).toBe('Active');
  });

  it("a review of another applicant naming the person (a merchant's shared KYC reused too late) never overwrites their own", async () => {
    const { userId, service, review } = await person();
    await service.applyReview(review('pending', at('2026-11-21T12:00:00Z')));
    const stranger = { ...review('completed', at('2026-11-21T12:05:00Z'), { reviewAnswer: 'GREEN' }), applicantId: 'app_reused_copy' };
    await expect(service.applyReview(stranger)).rejects.toThrow(UnknownApplicantError);
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pending', applicantId: `app_${userId}` });
  });

  it('a review without a time applies only while no timed review was applied', async () => {
    const { userId, service, review } = await person();
    await service.applyReview(review('pending', null));
    expect(await profileOf(t.db, userId)).toMatchObject({ kycStatus: 'Pending', reviewedAt: null });
    await service.applyReview(review('completed', at('2026-11-21T12:00:05Z'), { reviewAnswer: 'GREEN' }));
    await service.applyReview(review('init', null));
    expect((await profileOf(t.db, userId))?.kycStatus).toBe('Pass');
  });
});

describe('submitDocuments', () => {
  it("sends each file's type as its bytes say, and answers the account as the review left it (a block shows)", async () => {
    const { userId, user, vendor, service, review } = await person();
    const key = `kyc/${userId}/0123456789abcdef01234567/passport.jpg`;
    await mkdir(path.dirname(path.join(root, key)), { recursive: true });
    await writeFile(path.join(root, key), fakeFile('jpg'));
    vendor.review = review('completed', t.clock.now(), { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['SANCTIONS'] });
    const answer = await service.submitDocuments(user, {
      firstName: 'Ann',
      lastName: 'Berg',
      dob: '1990-01-01',
      nationality: 'DE',
      residenceCountry: 'DE',
      documentType: 'PASSPORT',
      files: [{ filePath: key, side: null }],
    });
    expect(vendor.submissions[0]?.files).toEqual([{ fileName: 'passport.jpg', bytes: expect.any(Buffer), type: 'jpg', side: null }]);
    expect(answer).toMatchObject({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002', kycInfo: { kycStatus: 'Fail' } });
  });
});
