import { createHash } from 'node:crypto';
import { ErrorCode, type KybIndividualAccess } from '@causeway/contracts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { createSignedClaims } from '../../platform/signed-claims.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { ApplicantReview, KycProvider } from '../../providers/kyc/kyc-provider.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { EmailLanguage, Requester } from '../identity/index.ts';
import { personLinkEmail } from './kyb-emails.ts';
import type { KybPersonRow, KybRepository } from './kyb.repository.ts';

/** The emailed link works this long (spec §9: 7 days individual email verification). */
export const PERSON_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A person's link is emailed at most once a minute, and five times a UTC day. */
export const PERSON_EMAIL_INTERVAL_MS = 60 * 1000;
export const PERSON_EMAILS_PER_DAY = 5;
/** Refused tickets an address may present in an hour (a ticket is a secret's check). */
export const TICKET_REFUSALS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const JOB_EMAIL_PERSON = 'kyb.email-person';
/** The KYC vendor's applicants of a business's people carry this prefix in their externalUserId. */
export const PERSON_APPLICANT_PREFIX = 'kybp_';

interface TicketClaims {
  personId: string;
  expiresAt: number;
}

/** One human of a business, whatever roles they hold: their first name, last name and date of birth, normalised. */
export function identityKeyOf(person: { firstName: string; lastName: string; dob: string }): string {
  const normal = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return createHash('sha256')
    .update(`${normal(person.firstName)}\n${normal(person.lastName)}\n${person.dob}`)
    .digest('hex');
}

/** docs/rules/kyb.md: KYC review → the person's status, as the individual side maps it. */
export function personStatusOf(review: ApplicantReview): KybPersonRow['kycStatus'] {
  if (review.reviewStatus !== 'completed') return review.reviewStatus === 'init' ? 'Initial' : 'Pending';
  if (review.reviewAnswer === 'GREEN') return 'Pass';
  return review.reviewRejectType === 'RETRY' ? 'Resubmitting' : 'Fail';
}

/**
 * The business's people and their identity verification: each gets an emailed link whose ticket (a
 * signed claim naming them, 7 days) opens the KYC vendor's step for them; their review arrives by the
 * KYC vendor's webhook (the kyc module hands us the applicants it does not know).
 */
export function createKybPeople(deps: {
  repository: KybRepository;
  queue: JobQueueRepository;
  worker: JobWorker;
  clock: Clock;
  mail: MailProvider;
  kyc: KycProvider;
  kycLevelName: string;
  rateLimiter: RateLimiter;
  ticketKey: Buffer;
  transaction: RunInTransaction;
  publicUrl: string;
  /** Called after a person's status changed: the business's own status follows. */
  onPersonReviewed: (businessUserId: string) => Promise<void>;
}) {
  const { repository, clock, transaction } = deps;
  const tickets = createSignedClaims<TicketClaims>(deps.ticketKey);

  /** The link's origin: PUBLIC_URL, or the request's own with the sandbox mailbox; none for a real inbox without PUBLIC_URL. */
  const originFor = (requester: Requester): string | null => deps.publicUrl || (deps.mail.kind === 'sandbox' ? requester.origin : null);

  deps.worker.register(JOB_EMAIL_PERSON, async (payload) => {
    const { personId, origin, lang } = payload as { personId: string; origin: string | null; lang: EmailLanguage };
    const person = await repository.findPerson(personId);
    if (!person) return;
    const roles = (await repository.individualsOf(person.businessUserId)).filter((row) => row.personId === personId);
    const first = roles.at(-1);
    if (!first) return;
    const application = await repository.applicationOf(person.businessUserId, clock.now());
    const ticket = tickets.sign({ personId, expiresAt: clock.now().getTime() + PERSON_LINK_TTL_MS });
    const link = origin === null ? null : `${origin}/${lang}/kyb-verify#${ticket}`;
    const message = personLinkEmail({ firstName: first.firstName, companyName: application.generalData.companyName ?? '', link, lang });
    await deps.mail.send({ to: first.email, ...message });
  });

  /** Queues the person's email (in the caller's transaction) after the send limits, counted atomically. */
  async function queueEmail(person: KybPersonRow, requester: Requester): Promise<Date> {
    const now = clock.now();
    const sentRecently = person.emailSentAt && now.getTime() - person.emailSentAt.getTime() < PERSON_EMAIL_INTERVAL_MS;
    if (sentRecently) throw new AppError(ErrorCode.KybEmailTooSoon);
    const today = await deps.rateLimiter.hit(`kyb-person-email:${person.id}`, PERSON_EMAILS_PER_DAY, DAY_MS, now);
    if (!today.allowed) throw new AppError(ErrorCode.KybEmailTooSoon);
    await repository.updatePerson(person.id, { emailSentAt: now });
    await deps.queue.enqueue({
      kind: JOB_EMAIL_PERSON,
      payload: { personId: person.id, origin: originFor(requester), lang: requester.lang },
      runAt: now,
    });
    return now;
  }

  return {
    queueEmail,

    /** individual/send-email: the person behind one of the business's declared roles. */
    async sendEmail(businessUserId: string, individualId: string, requester: Requester): Promise<Date> {
      return transaction(async () => {
        const individual = (await repository.individualsOf(businessUserId)).find((row) => row.id === individualId);
        if (!individual) throw new AppError(ErrorCode.KybEntryNotFound);
        const person = await repository.findPerson(individual.personId);
        if (!person || person.kycStatus === 'Pass')
          throw new AppError(ErrorCode.KybRuleBroken, 'This person has already verified their identity');
        return queueEmail(person, requester);
      });
    },

    /** get-access-token-kyb: the ticket's person, their vendor applicant made the first time, and a token for its step. */
    async accessFor(ticket: string, ipKey: string): Promise<KybIndividualAccess> {
      const now = clock.now();
      const claims = await deps.rateLimiter.countRefusals(
        `kyb-ticket:ip:${ipKey}`,
        TICKET_REFUSALS_PER_HOUR,
        HOUR_MS,
        now,
        'Too many invalid verification links from this address: try again later.',
        async () => {
          const verified = tickets.verify(ticket, now);
          if (!verified) throw new AppError(ErrorCode.KybLinkInvalid);
          return verified;
        },
      );
      const person = await repository.findPerson(claims.personId);
      if (!person) throw new AppError(ErrorCode.KybLinkInvalid);
      const roles = (await repository.individualsOf(person.businessUserId)).filter((row) => row.personId === person.id);
      const latest = roles.at(-1);
      if (!latest) throw new AppError(ErrorCode.KybLinkInvalid);
      const externalUserId = `${PERSON_APPLICANT_PREFIX}${person.id}`;
      try {
        let applicantId = person.kycApplicantId;
        if (!applicantId) {
          ({ applicantId } = await deps.kyc.createApplicant({ externalUserId, email: latest.email, levelName: deps.kycLevelName }));
          await repository.updatePerson(person.id, { kycApplicantId: applicantId, kycStatus: person.kycStatus });
        }
        const ttlSeconds = 1800;
        const { token, url } = await deps.kyc.accessToken({ externalUserId, levelName: deps.kycLevelName, ttlSeconds });
        const application = await repository.applicationOf(person.businessUserId, now);
        return {
          provider: deps.kyc.kind,
          token,
          url,
          applicantId,
          expiresInSeconds: ttlSeconds,
          companyName: application.generalData.companyName ?? '',
          firstName: latest.firstName,
          verificationStatus: person.kycStatus as KybIndividualAccess['verificationStatus'],
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(ErrorCode.GatewayUnavailable, 'The identity verification service is unavailable: try again in a few minutes');
      }
    },

    /** A KYC review of one of our people (the kyc module's webhook job hands it over); false when the applicant is not ours. */
    async applyPersonReview(review: ApplicantReview): Promise<boolean> {
      if (!review.externalUserId.startsWith(PERSON_APPLICANT_PREFIX)) return false;
      const person = await repository.findPersonByApplicant(review.applicantId);
      if (!person) return false;
      const applied = await transaction(async () => {
        // An older review never overwrites a newer one (vendor's clock).
        if (person.reviewedAt && review.reviewedAt && review.reviewedAt < person.reviewedAt) return false;
        await repository.updatePerson(person.id, {
          kycStatus: personStatusOf(review),
          rejectLabels: review.rejectLabels,
          reviewedAt: review.reviewedAt ?? clock.now(),
        });
        return true;
      });
      if (applied) await deps.onPersonReviewed(person.businessUserId);
      return true;
    },
  };
}

export type KybPeople = ReturnType<typeof createKybPeople>;
