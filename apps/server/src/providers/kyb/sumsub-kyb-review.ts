import { parseSumsubTime } from '../kyc/sumsub.ts';
import type { CompanyReview } from './kyb-provider.ts';
import { documentTypeOfFileName, SUMSUB_COMPANY_DOC_SUBTYPES } from './sumsub-kyb-payloads.ts';

/**
 * Sumsub's answers about a company, read as our CompanyReview (sumsub-kyb.ts says which call answers
 * which part): the company applicant's review, its rejected document images, and its EDD applicant action.
 */

type Json = Record<string, unknown>;
export const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const recordAt = (parent: Json, key: string): Json => (isRecord(parent[key]) ? parent[key] : {});

interface ReviewParts {
  reviewStatus: string;
  reviewAnswer: 'GREEN' | 'RED' | null;
  reviewRejectType: 'FINAL' | 'RETRY' | null;
  rejectLabels: string[];
  moderationComment: string | null;
  /** reviewDate once decided, else createDate (ms). */
  at: number | undefined;
}

/** An applicant's or an applicant action's `review` object. */
export function reviewPartsOf(owner: Json): ReviewParts {
  const review = recordAt(owner, 'review');
  const result = recordAt(review, 'reviewResult');
  const answer = result.reviewAnswer;
  const rejectType = result.reviewRejectType;
  return {
    reviewStatus: str(review.reviewStatus) ?? 'init',
    reviewAnswer: answer === 'GREEN' || answer === 'RED' ? answer : null,
    reviewRejectType: rejectType === 'FINAL' || rejectType === 'RETRY' ? rejectType : null,
    rejectLabels: strings(result.rejectLabels),
    // moderationComment is Sumsub's text for the client's customer; clientComment is for us only.
    moderationComment: str(result.moderationComment) ?? null,
    at: parseSumsubTime(review.reviewDate) ?? parseSumsubTime(review.createDate),
  };
}

const FINANCIAL_FIELDS: Record<string, string> = {
  SOURCE_OF_FUNDS: 'BusinessProfileFinancials.sourceOfFundsFiles',
  SOURCE_OF_WEALTH: 'BusinessProfileFinancials.sourceOfWealthFiles',
};
/** A subtype that stands for one of our types only (OTHER stands for several, so it names none). */
const TYPE_BY_SUBTYPE = new Map(
  Object.entries(SUMSUB_COMPANY_DOC_SUBTYPES)
    .filter(([, subtype], _index, all) => all.filter(([, other]) => other === subtype).length === 1)
    .map(([type, subtype]) => [subtype, type]),
);

/**
 * Our form's fields behind the document images the reviewer refused (GET …/metadata/resources: each
 * image with its idDocDef and its own reviewResult): the type our upload's file name carries, else the
 * one Sumsub's subtype stands for. Deactivated images (replaced since) are not asked again.
 */
export function rejectedFieldsOf(resources: unknown): string[] {
  const items = isRecord(resources) && Array.isArray(resources.items) ? resources.items.filter(isRecord) : [];
  const fields = new Set<string>();
  for (const item of items) {
    if (item.deactivated === true || recordAt(item, 'reviewResult').reviewAnswer !== 'RED') continue;
    const fileName = str(recordAt(item, 'fileMetadata').fileName) ?? '';
    const subtype = str(recordAt(item, 'idDocDef').idDocSubType) ?? '';
    const type = documentTypeOfFileName(fileName) ?? TYPE_BY_SUBTYPE.get(subtype);
    if (type) fields.add(FINANCIAL_FIELDS[type] ?? `BusinessData.documents.${type}`);
  }
  return [...fields];
}

/** The latest of the applicant's actions at the EDD level (GET /resources/applicantActions/-;applicantId=…). */
export function latestEddAction(actions: unknown, eddLevelName: string): Json | undefined {
  const items = isRecord(actions) && Array.isArray(actions.items) ? actions.items.filter(isRecord) : [];
  const edd = items.filter((action) => str(recordAt(action, 'review').levelName) === eddLevelName);
  const createdAt = (action: Json) => parseSumsubTime(action.createdAt) ?? 0;
  return edd.reduce<Json | undefined>((latest, action) => (!latest || createdAt(action) >= createdAt(latest) ? action : latest), undefined);
}

/**
 * The company's review with its EDD. EDD is asked by a tag on the company (a reviewer's, or a workflow's)
 * and answered as an applicant action at the EDD level, reviewed apart from the company: its own
 * statuses become ours. Sumsub can refuse an action for good, a state our EDD does not have: the
 * refusal is then the company's (RED FINAL, the action's labels and words).
 */
export function toCompanyReview(input: {
  applicant: Json;
  requestedId: string;
  rejectedFields: string[];
  eddAction: Json | undefined;
  eddRequiredTag: string;
}): CompanyReview {
  const { applicant, eddAction } = input;
  const company = reviewPartsOf(applicant);
  const action = eddAction ? reviewPartsOf(eddAction) : undefined;
  const times = [company.at, action?.at].filter((time): time is number => time !== undefined);
  const review: CompanyReview = {
    applicantId: str(applicant.id) ?? input.requestedId,
    externalId: str(applicant.externalUserId) ?? '',
    reviewStatus: company.reviewStatus,
    reviewAnswer: company.reviewAnswer,
    reviewRejectType: company.reviewRejectType,
    rejectLabels: company.rejectLabels,
    moderationComment: company.moderationComment,
    rejectedFields: company.reviewRejectType === 'RETRY' ? input.rejectedFields : [],
    // EDD follows a passed company review (docs/rules/kyb.md): a tag on a company in any other state asks nothing yet.
    edd:
      company.reviewAnswer === 'GREEN' && strings(applicant.tags).includes(input.eddRequiredTag)
        ? { status: 'required', comment: null }
        : null,
    reviewedAt: times.length > 0 ? new Date(Math.max(...times)) : null,
  };
  if (!action) return review;
  if (action.reviewStatus !== 'completed')
    return { ...review, edd: { status: action.reviewStatus === 'init' ? 'required' : 'pending', comment: null } };
  if (action.reviewAnswer === 'GREEN') return { ...review, edd: { status: 'passed', comment: null } };
  if (action.reviewRejectType === 'FINAL')
    return {
      ...review,
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: action.rejectLabels,
      moderationComment: action.moderationComment,
      rejectedFields: [],
      edd: null,
    };
  return { ...review, edd: { status: 'resubmit', comment: action.moderationComment } };
}
