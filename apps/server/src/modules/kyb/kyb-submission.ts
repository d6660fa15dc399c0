import { createHash } from 'node:crypto';
import { ErrorCode, type EddAnswer, type EddQuestionnaire, type KybInfo, type KybPersonType } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { KybBeneficiary, KybDocument, KybProvider } from '../../providers/kyb/kyb-provider.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { EmailLanguage, Requester } from '../identity/index.ts';
import { checkDocument, checkStoredDocument, fileNameOfKey, keyBelongsTo, type SubmittedDocuments } from '../uploads/index.ts';
import { eddAnswerProblem, eddFilesOf, eddQuestionsIn, eddQuestionText, unansweredQuestions } from './kyb-edd-questions.ts';
import { kybInfoOf } from './kyb-form.service.ts';
import type { KybPeople } from './kyb-people.ts';
import type { KybReview } from './kyb-review.ts';
import {
  companyIdentifierProblem,
  individualProblem,
  missingFields,
  mustVerify,
  ownershipProblem,
  sharedEvidenceProblem,
} from './kyb-rules.ts';
import { thresholdOf } from './kyb-status.ts';
import type { KybApplicationRow, KybCompanyRow, KybIndividualRow, KybRepository } from './kyb.repository.ts';

/** The form as the vendor is sent it (sections, declarations, submission state, people, companies), as one digest. */
function fingerprintOf(application: KybApplicationRow, individuals: KybIndividualRow[], companies: KybCompanyRow[]): string {
  const { generalData, businessData, financials, allOwnersDeclared, informationAccurate, submittedAt, companyReview } = application;
  const form = {
    generalData,
    businessData,
    financials,
    allOwnersDeclared,
    informationAccurate,
    submittedAt: submittedAt?.toISOString() ?? null,
    companyReview,
    individuals: individuals.map(({ createdAt: _created, ...row }) => row),
    companies: companies.map(({ createdAt: _created, ...row }) => row),
  };
  return createHash('sha256').update(JSON.stringify(form)).digest('hex');
}

const ROLE_OF = {
  Management_Individual: 'director',
  Ownership_Individual: 'shareholder',
  AuthorizedTrader_Individual: 'authorizedTrader',
} as const;

/**
 * submit-all and the EDD questionnaire: the whole form checked, the company sent to the KYB vendor,
 * and each person who must verify emailed their link; the EDD answers saved as the business goes and
 * sent when complete.
 */
export function createKybSubmission(deps: {
  repository: KybRepository;
  provider: KybProvider;
  people: KybPeople;
  review: KybReview;
  storage: StorageProvider;
  uploads: SubmittedDocuments;
  clock: Clock;
  transaction: RunInTransaction;
  levelName: string;
}) {
  const { repository, clock, transaction } = deps;

  async function vendor<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(ErrorCode.GatewayUnavailable, 'The business verification service is unavailable: try again in a few minutes');
    }
  }

  /** The stored files, checked again as they are read (the object may have changed since it was saved). */
  async function documents(userId: string, files: Array<{ type: string; path: string }>): Promise<KybDocument[]> {
    const read: KybDocument[] = [];
    for (const file of files) {
      if (!keyBelongsTo(file.path, userId, 'kyb')) throw new AppError(ErrorCode.DocumentFileUnknown);
      const stored = await checkStoredDocument(deps.storage, file.path);
      if (!stored.ok) throw new AppError(stored.errorName, stored.message);
      const bytes = await deps.storage.read(file.path);
      if (!bytes) throw new AppError(ErrorCode.DocumentFileUnknown);
      const fileName = fileNameOfKey(file.path);
      const check = checkDocument(fileName, bytes.length, bytes);
      if (!check.ok) throw new AppError(check.errorName, check.message);
      read.push({ type: file.type, fileName, bytes, contentType: check.type });
    }
    return read;
  }

  /** Emails every person who must verify and was never emailed (inside the caller's transaction). */
  async function emailNewPeople(userId: string, application: KybApplicationRow, requester: Requester): Promise<void> {
    const [individuals, people, companies] = await Promise.all([
      repository.individualsOf(userId),
      repository.peopleOf(userId),
      repository.companiesOf(userId),
    ]);
    const threshold = thresholdOf(application);
    for (const person of people) {
      const roles = individuals.filter((row) => row.personId === person.id);
      if (person.emailSentAt || person.kycStatus === 'Pass' || !roles.some((role) => mustVerify(role, companies, threshold))) continue;
      await deps.people.queueEmail(person, requester);
    }
  }

  /** The whole form against the rules: what is missing (KybIncomplete), then what is wrong (KybRuleBroken). */
  async function checkComplete(userId: string, application: KybApplicationRow): Promise<void> {
    const [individuals, companies] = await Promise.all([repository.individualsOf(userId), repository.companiesOf(userId)]);
    const missing = missingFields(application);
    if (!individuals.some((row) => row.personType === 'Management_Individual')) missing.push('Management_Individual');
    if (!individuals.some((row) => row.personType === 'AuthorizedTrader_Individual')) missing.push('AuthorizedTrader_Individual');
    if (missing.length) throw new AppError(ErrorCode.KybIncomplete, `Still to fill in: ${missing.join(', ')}`);
    const owners = individuals.filter((row) => row.personType === 'Ownership_Individual');
    const problem =
      companyIdentifierProblem(application.generalData) ??
      sharedEvidenceProblem(application.financials) ??
      individuals.map((row) => individualProblem({ ...row, personType: row.personType as KybPersonType })).find(Boolean) ??
      ownershipProblem(owners, companies, thresholdOf(application));
    if (problem) throw new AppError(ErrorCode.KybRuleBroken, problem);
  }

  async function submitAll(userId: string, requester: Requester): Promise<void> {
    const application = await repository.applicationOf(userId, clock.now());
    const status = await repository.statusOf(userId);
    if (application.submittedAt && status?.verificationStatus !== 'Resubmitting') throw new AppError(ErrorCode.KybNotEditable);
    await checkComplete(userId, application);
    const [individuals, people, companies] = await Promise.all([
      repository.individualsOf(userId),
      repository.peopleOf(userId),
      repository.companiesOf(userId),
    ]);
    // What the vendor is sent: checked again under the lock before the form counts as submitted.
    const sent = fingerprintOf(application, individuals, companies);
    // Complete (checkComplete): every required field is there.
    const general = application.generalData as {
      [K in keyof KybApplicationRow['generalData']]-?: NonNullable<KybApplicationRow['generalData'][K]>;
    };
    const business = application.businessData;
    const threshold = thresholdOf(application);
    const beneficiaries: KybBeneficiary[] = individuals
      .filter((row) => mustVerify(row, companies, threshold))
      .map((row) => ({
        id: row.id,
        role: ROLE_OF[row.personType as keyof typeof ROLE_OF],
        firstName: row.firstName,
        lastName: row.lastName,
        dob: row.dob,
        nationality: row.nationality,
        email: row.email,
        sharePercent: row.personType === 'Ownership_Individual' ? Number(row.ownershipPercent) : null,
        kycApplicantId: people.find((person) => person.id === row.personId)?.kycApplicantId ?? null,
      }));
    const files = [
      ...Object.entries(business.documents ?? {}).flatMap(([type, paths]) => (paths ?? []).map((path) => ({ type, path }))),
      ...(application.financials.sourceOfFundsFiles ?? []).map((path) => ({ type: 'SOURCE_OF_FUNDS', path })),
      ...(application.financials.sourceOfWealthFiles ?? []).map((path) => ({ type: 'SOURCE_OF_WEALTH', path })),
      ...companies.flatMap((company) => company.documents.map((path) => ({ type: 'OWNERSHIP_STRUCTURE', path }))),
    ];
    const { applicantId } = await vendor(async () =>
      deps.provider.submitCompany({
        externalId: userId,
        levelName: deps.levelName,
        companyName: general.companyName,
        registrationNumber: general.registrationNumber,
        country: general.jurisdiction,
        legalEntityType: general.legalEntityType,
        incorporationDate: general.incorporationDate,
        taxId: general.taxId,
        website: general.website,
        email: general.businessEmail,
        registeredAddress: business.registeredAddress!,
        businessAddress: business.businessAddress ?? null,
        beneficiaries,
        documents: await documents(userId, files),
      }),
    );
    await transaction(async () => {
      const locked = (await repository.lockApplication(userId))!;
      // An edit (or another submit) that landed while the vendor was being called: what the vendor holds is
      // not the form any more, so this submit does not count; submitting again sends the form as it is now.
      const [nowIndividuals, nowCompanies] = await Promise.all([repository.individualsOf(userId), repository.companiesOf(userId)]);
      if (fingerprintOf(locked, nowIndividuals, nowCompanies) !== sent)
        throw new AppError(ErrorCode.KybRuleBroken, 'The form changed while it was being submitted: submit it again');
      const now = clock.now();
      await repository.updateApplication(userId, {
        submittedAt: now,
        provider: deps.provider.kind,
        applicantId,
        levelName: deps.levelName,
        companyReview: 'pending',
        reviewComment: null,
        rejectedFields: [],
        updatedAt: now,
      });
      await emailNewPeople(userId, locked, requester);
      await deps.review.recompute(userId);
    });
  }

  async function questionnaire(userId: string, lang: EmailLanguage): Promise<EddQuestionnaire> {
    const application = await repository.applicationOf(userId, clock.now());
    const info: KybInfo = kybInfoOf(await repository.statusOf(userId));
    return {
      questions: eddQuestionsIn(lang),
      answers: application.eddAnswers,
      eddStatus: info.eddStatus,
      eddFailReason: info.eddFailReason,
    };
  }

  /** Saves answers over the saved ones (by question), each checked against its question; EDD must be asked and open. */
  async function commit(userId: string, answers: EddAnswer[], complete: boolean): Promise<KybApplicationRow> {
    return transaction(async () => {
      await repository.applicationOf(userId, clock.now());
      const application = (await repository.lockApplication(userId))!;
      if (application.eddReview !== 'required' && application.eddReview !== 'resubmit') throw new AppError(ErrorCode.KybEddNotRequested);
      const problem = answers.map((answer) => eddAnswerProblem(answer, false)).find(Boolean);
      if (problem) throw new AppError(ErrorCode.KybRuleBroken, problem);
      const files = eddFilesOf(answers);
      if (files.some((file) => !keyBelongsTo(file, userId, 'kyb'))) throw new AppError(ErrorCode.DocumentFileUnknown);
      if (files.length)
        await deps.uploads.markSubmitted(
          userId,
          files.map((filePath) => ({ filePath, purpose: 'kyb' })),
          clock.now(),
        );
      const merged = [...application.eddAnswers.filter((saved) => !answers.some((answer) => answer.id === saved.id)), ...answers];
      if (complete) {
        const unanswered = unansweredQuestions(merged);
        if (unanswered.length) throw new AppError(ErrorCode.KybIncomplete, `Still to answer: ${unanswered.join(', ')}`);
      }
      await repository.updateApplication(userId, { eddAnswers: merged, updatedAt: clock.now() });
      return { ...application, eddAnswers: merged };
    });
  }

  return {
    submitAll,
    questionnaire,
    commit: async (userId: string, answers: EddAnswer[], lang: EmailLanguage) => {
      await commit(userId, answers, false);
      return questionnaire(userId, lang);
    },

    /** edd-info/submit-all: every question answered, owners from 10 % declared; sent to the vendor, then under review. */
    async submitEdd(userId: string, answers: EddAnswer[], requester: Requester): Promise<EddQuestionnaire> {
      const application = await commit(userId, answers, true);
      const [owners, companies] = await Promise.all([repository.individualsOf(userId), repository.companiesOf(userId)]);
      const problem = ownershipProblem(
        owners.filter((row) => row.personType === 'Ownership_Individual'),
        companies,
        thresholdOf(application),
      );
      if (problem) throw new AppError(ErrorCode.KybRuleBroken, problem);
      const files = eddFilesOf(application.eddAnswers).map((path) => ({ type: 'EDD', path }));
      await vendor(async () =>
        deps.provider.submitEdd({
          applicantId: application.applicantId!,
          answers: application.eddAnswers.map((answer) => ({
            questionId: answer.id,
            questionText: eddQuestionText(answer.id),
            answer: [answer.radioOption, answer.answerText].filter(Boolean).join('\n'),
          })),
          documents: await documents(userId, files),
        }),
      );
      await transaction(async () => {
        const locked = (await repository.lockApplication(userId))!;
        await repository.updateApplication(userId, {
          eddReview: 'pending',
          eddComment: null,
          eddSubmittedAt: clock.now(),
          updatedAt: clock.now(),
        });
        await emailNewPeople(userId, locked, requester);
        await deps.review.recompute(userId);
      });
      return questionnaire(userId, requester.lang);
    },
  };
}

export type KybSubmission = ReturnType<typeof createKybSubmission>;
