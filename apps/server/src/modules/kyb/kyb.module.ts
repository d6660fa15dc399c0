import type { ModuleContext } from '../../platform/server-module.ts';
import { createSubmittedDocuments } from '../uploads/index.ts';
import type { Verification } from '../kyc/index.ts';
import { createKybCompany } from './kyb-company.ts';
import { createKybDeskReviews } from './desk-reviews.ts';
import type { VerificationReviews } from '../desk/index.ts';
import { createKybForm } from './kyb-form.service.ts';
import { createKybPeople } from './kyb-people.ts';
import { createKybReview } from './kyb-review.ts';
import { createKybSubmission } from './kyb-submission.ts';
import { createKybRepository } from './kyb.repository.ts';
import { deriveKey } from '../../platform/crypto.ts';

/** Business verification: the form, its people, the vendor's review, the company as others see it. */
export function createKybModule(context: ModuleContext) {
  const { db, queue, jobs, clock, config, providers, rateLimiter, unitOfWork, app } = context;
  const transaction = <T>(work: () => Promise<T>) => unitOfWork.transaction(work);
  const repository = createKybRepository(db, queue);
  const provider = providers.kyb.provider;
  const storage = providers.storage.provider;
  const uploads = createSubmittedDocuments(db);
  const review = createKybReview({ repository, provider, worker: jobs, clock, transaction, log: app.log });
  const people = createKybPeople({
    repository,
    queue,
    worker: jobs,
    clock,
    mail: providers.mail.provider,
    kyc: providers.kyc.provider,
    kycLevelName: config.KYC_LEVEL_NAME,
    rateLimiter,
    ticketKey: deriveKey(context.serverSecret, 'kyb-person-ticket'),
    publicUrl: context.publicUrl,
    transaction,
    onPersonReviewed: (userId) => transaction(() => review.recompute(userId)),
  });
  const levelName = config.KYB_LEVEL_NAME;
  const form = createKybForm({ repository, clock, storage, uploads, transaction });
  const submission = createKybSubmission({ repository, provider, people, review, storage, uploads, clock, transaction, levelName });
  const company = createKybCompany({ repository, provider, storage, uploads, clock, levelName });
  const deskReviews = createKybDeskReviews({ repository, provider });
  return { repository, review, people, form, submission, company, deskReviews };
}

export type KybModule = ReturnType<typeof createKybModule>;

/** What other modules may use of KYB: a business's verification, as orders and payouts read a person's. */
export interface KybFace {
  verificationOf(userId: string): Promise<Verification | undefined>;
  verifiedNameOf(userId: string): Promise<string | null>;
  /** Company reviews waiting for an operator's decision, and the decision (the desk's Verifications screen). */
  deskReviews: VerificationReviews;
}
