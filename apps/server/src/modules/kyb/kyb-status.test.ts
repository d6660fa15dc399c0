import { describe, expect, it } from 'vitest';
import { mustVerify, ownershipProblem } from './kyb-rules.ts';
import { companyReviewOf, editModeOf, kybStatusOf, type PersonStanding } from './kyb-status.ts';
import type { KybApplicationRow } from './kyb.repository.ts';

const application = (over: Partial<KybApplicationRow>): KybApplicationRow =>
  ({
    submittedAt: new Date(),
    companyReview: 'pending',
    reviewComment: null,
    eddReview: null,
    eddComment: null,
    ...over,
  }) as KybApplicationRow;
const ada: PersonStanding = { name: 'Ada Director', kycStatus: 'Pass', mustVerify: true };
const bob: PersonStanding = { name: 'Bob Owner', kycStatus: 'Pending', mustVerify: true };
const minor: PersonStanding = { name: 'Cy Minor', kycStatus: 'Initial', mustVerify: false };

describe('kybStatusOf: every row of docs/rules/kyb.md statuses', () => {
  it.each([
    ['not submitted', application({ submittedAt: null, companyReview: 'none' }), [ada], 'Initial', 'Initial'],
    ['submitted, in review', application({}), [ada], 'Processing', 'Processing'],
    ['the vendor holds it', application({ companyReview: 'onHold' }), [ada], 'Processing', 'Pending'],
    ['company passed, a person verifying', application({ companyReview: 'passed' }), [ada, bob], 'Processing', 'Pending'],
    [
      'company and every person passed (one below the threshold need not)',
      application({ companyReview: 'passed' }),
      [ada, minor],
      'Pass',
      'Pass',
    ],
    ['corrections asked', application({ companyReview: 'retry', reviewComment: 'Fix it' }), [ada], 'Processing', 'Resubmitting'],
    ['refused for good', application({ companyReview: 'refused', reviewComment: 'No' }), [ada], 'Failed', 'Failed'],
    ['a person refused', application({ companyReview: 'passed' }), [ada, { ...bob, kycStatus: 'Fail' }], 'Processing', 'Resubmitting'],
  ])('%s', (_, row, people, basic, verification) => {
    expect(kybStatusOf(row, people)).toMatchObject({ kybBasicStatus: basic, verificationStatus: verification });
  });

  it('carries the reviewer’s words, and names the person whose verification was refused', () => {
    expect(kybStatusOf(application({ companyReview: 'retry', reviewComment: 'Fix the number' }), []).verificationFailReason).toBe(
      'Fix the number',
    );
    expect(kybStatusOf(application({ companyReview: 'passed' }), [{ ...bob, kycStatus: 'Fail' }]).verificationFailReason).toContain(
      'Bob Owner',
    );
  });

  it.each([
    [null, null, null],
    ['required', 'Initial', null],
    ['pending', 'Processing', 'Processing'],
    ['resubmit', 'Processing', 'Resubmitting'],
    ['passed', 'Pass', 'Pass'],
  ] as const)('EDD %s → standard %s, EDD %s', (eddReview, standard, edd) => {
    expect(kybStatusOf(application({ companyReview: 'passed', eddReview }), [ada])).toMatchObject({
      kybStandardStatus: standard,
      eddStatus: edd,
    });
  });
});

describe('the vendor’s review in our words', () => {
  const review = {
    applicantId: 'a',
    externalId: 'u',
    rejectLabels: [],
    moderationComment: null,
    rejectedFields: [],
    edd: null,
    reviewedAt: null,
  };
  it('maps completed GREEN, RETRY, FINAL, onHold and anything else', () => {
    expect(companyReviewOf({ ...review, reviewStatus: 'completed', reviewAnswer: 'GREEN', reviewRejectType: null }).companyReview).toBe(
      'passed',
    );
    const retry = companyReviewOf({
      ...review,
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'RETRY',
      rejectedFields: ['GeneralData.taxId'],
    });
    expect(retry).toMatchObject({ companyReview: 'retry', rejectedFields: ['GeneralData.taxId'] });
    expect(
      companyReviewOf({ ...review, reviewStatus: 'completed', reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FRAUD'] }),
    ).toMatchObject({
      companyReview: 'refused',
      reviewComment: 'FRAUD',
    });
    expect(companyReviewOf({ ...review, reviewStatus: 'onHold', reviewAnswer: null, reviewRejectType: null }).companyReview).toBe('onHold');
    expect(companyReviewOf({ ...review, reviewStatus: 'queued', reviewAnswer: null, reviewRejectType: null }).companyReview).toBe(
      'pending',
    );
  });

  it('opens the whole form before submission and for corrections, only owners while EDD waits, nothing in review', () => {
    expect(editModeOf(application({ submittedAt: null }), 'Initial')).toBe('all');
    expect(editModeOf(application({}), 'Resubmitting')).toBe('all');
    expect(editModeOf(application({ eddReview: 'required' }), 'Pass')).toBe('owners');
    expect(editModeOf(application({}), 'Processing')).toBe('none');
  });
});

describe('ownership through the chain', () => {
  const holdco = { id: 'c1', companyName: 'Holdco', ownershipPercent: '50', ownedThroughCompanyId: null };
  it('multiplies shares along the chain against the threshold', () => {
    const indirect = { personType: 'Ownership_Individual', ownershipPercent: '40', ownedThroughCompanyId: 'c1' };
    expect(mustVerify(indirect, [holdco], 25)).toBe(false); // 40 % of 50 % is 20 %
    expect(mustVerify(indirect, [holdco], 10)).toBe(true);
    expect(mustVerify({ ...indirect, personType: 'Management_Individual' }, [holdco], 25)).toBe(true);
  });

  it('refuses more than 100 % in one company, and a company at the threshold with no owners declared', () => {
    expect(
      ownershipProblem([{ ownershipPercent: '60', ownedThroughCompanyId: null }], [{ ...holdco, ownershipPercent: '50' }], 25),
    ).toContain('more than 100');
    expect(ownershipProblem([], [holdco], 25)).toContain('Holdco');
    expect(ownershipProblem([{ ownershipPercent: '100', ownedThroughCompanyId: 'c1' }], [holdco], 25)).toBeNull();
  });
});
