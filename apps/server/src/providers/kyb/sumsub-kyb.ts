/**
 * Sumsub adapter of the KYB provider: the business is a company applicant (Sumsub's business
 * verification, "KYB 2.0"), its people its beneficiaries, its papers company documents. Every request
 * is signed by the KYC adapter's helper (providers/kyc/sumsub.ts signSumsubRequest, through
 * sumsub-kyb-http.ts). Which documentation page each part follows:
 *
 * - submitCompany, in this order (all checked first, sumsub-kyb-payloads.ts; a failure stops there):
 *   1. https://docs.sumsub.com/reference/create-applicant and its company section, with the request of
 *      https://docs.sumsub.com/reference/autokyb-api-examples — POST /resources/applicants?levelName=…
 *      with JSON {externalUserId, type: "company", email, fixedInfo: {companyInfo}}: companyName,
 *      registrationNumber, country (ISO alpha-3), legalAddress, postalAddress, incorporatedOn
 *      (YYYY-MM-DD), type, email, website, taxId. The company's data goes in fixedInfo ("provided
 *      info", what the business declares), as the example sends it; `info` is what Sumsub extracts.
 *   2. A second submission of the same externalUserId is answered 409: the applicant is found with
 *      https://docs.sumsub.com/reference/get-applicant-data-via-externaluserid (GET
 *      /resources/applicants/-;externalUserId=…/one) and its data replaced with
 *      https://docs.sumsub.com/reference/change-provided-info-fixedinfo (PATCH …/{id}/fixedInfo, {companyInfo}).
 *   3. https://docs.sumsub.com/reference/link-beneficiary-to-company-kyb-20 — POST
 *      …/{id}/fixedInfo/companyInfo/beneficiaries, {types, shareSize, beneficiaryInfo} for a person
 *      who has no applicant of ours at Sumsub (our people verify apart, through the KYC provider,
 *      which need not be this Sumsub account), types director, ubo (our shareholders: owners
 *      through the chain) and representative (our authorised traders). On a resubmission the links
 *      are reconciled with what GET …/{id}/one lists: a link no longer declared is removed with
 *      https://docs.sumsub.com/reference/unlink-beneficiary-from-company-kyb-20 (DELETE
 *      …/beneficiaries/{beneficiaryId}), a link already there is kept, so a retry adds nothing twice.
 *   4. https://docs.sumsub.com/reference/add-id-documents — POST …/{id}/info/idDoc, one multipart
 *      upload per file (the KYC adapter's buildMultipart, signed over its exact bytes), metadata
 *      {idDocType: COMPANY_DOC, idDocSubType, country}; the subtypes are in sumsub-kyb-payloads.ts.
 *      With X-Return-Doc-Warnings a 2xx may still refuse the file: that stops the submission.
 *   5. https://docs.sumsub.com/reference/request-applicant-check — POST …/{id}/status/pending.
 * - submitEdd: Sumsub reviews further checks of a verified applicant as applicant actions, each at
 *   its own level with its own review (https://docs.sumsub.com/docs/applicant-actions-in-sumsub-api),
 *   and takes questionnaire answers through the API for companies too
 *   (https://docs.sumsub.com/docs/import-questionnaire-data-via-api). So EDD is an action at the EDD
 *   level (SUMSUB_KYB_EDD_LEVEL_NAME), leaving the company's own review as it was:
 *   https://docs.sumsub.com/reference/create-applicant-action — POST
 *   /resources/applicantActions/-/forApplicant/{id}?levelName=… with {externalActionId, questionnaires:
 *   [the answers]} (the page asks for one parameter besides the id, and takes a questionnaire action's
 *   answers in that array; their shape is https://docs.sumsub.com/reference/add-applicant-action-questionnaire),
 *   its documents POST /resources/applicantActions/{actionId}/images (multipart, as idDoc), then
 *   https://docs.sumsub.com/reference/request-action-check — POST …/{actionId}/review/status/pending.
 *   The company's country (for the documents' metadata) is read first from GET …/{id}/one.
 * - getReview: GET /resources/applicants/{id}/one (https://docs.sumsub.com/reference/get-applicant-data):
 *   review {reviewStatus, reviewResult {reviewAnswer, reviewRejectType, rejectLabels,
 *   moderationComment}, reviewDate, createDate} and tags. With RETRY, the refused documents from
 *   https://docs.sumsub.com/reference/get-information-about-document-images (GET
 *   /resources/applicants/{id}/metadata/resources: each image's idDocDef and reviewResult). For a
 *   GREEN company, its EDD from GET /resources/applicantActions/-;applicantId={id} (the actions' list of
 *   the page on actions above, each with its review and levelName). EDD is asked by the tag EDD on the
 *   company (set by a reviewer or a workflow; https://docs.sumsub.com/reference/add-custom-applicant-tags),
 *   which also sends applicantTagsChanged. Labels: https://docs.sumsub.com/docs/rejection-labels.
 * - decide (an operator's decision on the company; built by providers/kyc/sumsub-decision.ts, as for a person), one
 *   call whose answer is not needed (the outcome arrives by webhook):
 *   approve https://docs.sumsub.com/reference/approve-applicant — POST /resources/applicants/{id}/-/approve {note} or {};
 *   reject https://docs.sumsub.com/reference/reject-applicant — POST …/{id}/-/reject {note, reasons: {fraud: [reason]}}
 *   (no `reasons` without a reason). Asking again (https://docs.sumsub.com/reference/change-applicant-status-to-init)
 *   is for a person only: an askAgain is refused before sending. A 409 with Retry-After (Sumsub still processing
 *   an applicant just moved to pending) throws SumsubRetryLaterError, never retried here.
 * - hostedFormUrl: https://docs.sumsub.com/reference/generate-websdk-external-link — POST
 *   /resources/sdkIntegrations/levels/-/websdkLink {levelName, userId, ttlInSecs}, answering {url}.
 * - Errors: https://docs.sumsub.com/reference/review-api-health ({description, code, correlationId}).
 * - parseWebhook: kyb-webhook.ts (Sumsub's digest, as for KYC). Company and action events alike
 *   (applicantReviewed, applicantActionReviewed, applicantTagsChanged...) carry the company's applicantId.
 */
import { buildMultipart, SumsubApiError } from '../kyc/sumsub.ts';
import { sumsubDecisionRequest } from '../kyc/sumsub-decision.ts';
import type { KybProvider } from './kyb-provider.ts';
import { parseKybWebhook } from './kyb-webhook.ts';
import { createSumsubCall, type SumsubCredentials } from './sumsub-kyb-http.ts';
import { beneficiaryKey, type PreparedBeneficiary, type PreparedUpload, prepareCompany, prepareEdd } from './sumsub-kyb-payloads.ts';
import { isRecord, latestEddAction, rejectedFieldsOf, reviewPartsOf, str, toCompanyReview } from './sumsub-kyb-review.ts';

export interface SumsubKybOptions extends SumsubCredentials {
  /** The applicant action level whose questionnaire reviews the EDD answers. */
  eddLevelName: string;
  /** The questionnaire of that level: its id and the section whose item ids are our EDD question ids. */
  eddQuestionnaire?: { id: string; sectionId: string };
  /** The company tag by which Sumsub asks for EDD. */
  eddRequiredTag?: string;
  /** How long a hosted form link lasts. */
  hostedFormTtlSeconds?: number;
  /** SUMSUB_WEBHOOK_ALLOW_SHA1: also take webhooks signed with SHA-1 (providers/kyc/webhook-digest.ts). */
  webhookAllowSha1?: boolean;
}

type Json = Record<string, unknown>;
/** Sumsub's ids are 24 lowercase letters and digits; anything path-like is refused before it reaches a URL. */
const SUMSUB_ID = /^[A-Za-z0-9_-]{1,64}$/;
const enc = encodeURIComponent;
const recordAt = (parent: Json, key: string): Json => (isRecord(parent[key]) ? parent[key] : {});

export function createSumsubKyb(options: SumsubKybOptions): KybProvider {
  if (!options.appToken || !options.secretKey || !options.webhookSecret) {
    throw new Error('SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET are required for the Sumsub KYB provider');
  }
  const call = createSumsubCall(options);
  const now = options.now ?? (() => new Date());
  const questionnaire = options.eddQuestionnaire ?? { id: 'kybEdd', sectionId: 'edd' };
  const eddRequiredTag = options.eddRequiredTag ?? 'EDD';

  const idOf = (operation: string, json: unknown): string => {
    const id = isRecord(json) ? str(json.id) : undefined;
    if (!id || !SUMSUB_ID.test(id)) throw new Error(`Sumsub ${operation}: the answer has no usable id`);
    return id;
  };
  const checkedId = (operation: string, id: string) => {
    if (!SUMSUB_ID.test(id)) throw new Error(`Sumsub ${operation}: malformed applicantId`);
    return id;
  };

  async function getApplicant(applicantId: string): Promise<Json> {
    const { json } = await call('getApplicant', 'GET', `/resources/applicants/${enc(applicantId)}/one`);
    if (!isRecord(json)) throw new Error('Sumsub getApplicant: the answer is not an applicant');
    return json;
  }

  /** Creates the company applicant, or finds the one this externalUserId already has (409). */
  async function createOrFind(company: ReturnType<typeof prepareCompany>): Promise<{ applicantId: string; existed: boolean }> {
    try {
      const { json } = await call('createCompanyApplicant', 'POST', `/resources/applicants?levelName=${enc(company.levelName)}`, {
        json: {
          externalUserId: company.externalId,
          type: 'company',
          email: company.email,
          fixedInfo: { companyInfo: company.companyInfo },
        },
      });
      return { applicantId: idOf('createCompanyApplicant', json), existed: false };
    } catch (error) {
      if (!(error instanceof SumsubApiError) || error.status !== 409) throw error;
    }
    const { json } = await call('findCompanyApplicant', 'GET', `/resources/applicants/-;externalUserId=${enc(company.externalId)}/one`);
    if (isRecord(json) && json.externalUserId !== undefined && json.externalUserId !== company.externalId)
      throw new Error('Sumsub findCompanyApplicant: the applicant found belongs to another externalUserId');
    return { applicantId: idOf('findCompanyApplicant', json), existed: true };
  }

  /** Links the declared beneficiaries; with the applicant as it stands, removes links no longer declared first. */
  async function linkBeneficiaries(applicantId: string, declared: PreparedBeneficiary[], current: Json | undefined) {
    const path = `/resources/applicants/${enc(applicantId)}/fixedInfo/companyInfo/beneficiaries`;
    const wanted = new Set(declared.map((beneficiary) => beneficiary.key));
    const linked = new Set<string>();
    const existing = recordAt(recordAt(current ?? {}, 'fixedInfo'), 'companyInfo').beneficiaries;
    for (const link of Array.isArray(existing) ? existing.filter(isRecord) : []) {
      const info = recordAt(link, 'beneficiaryInfo');
      const linkId = str(link.id);
      const [first, last, dob] = [str(info.firstName), str(info.lastName), str(info.dob)];
      if (!linkId || !first || !last || !dob || !SUMSUB_ID.test(linkId)) continue;
      const types = Array.isArray(link.types) ? link.types.filter((type): type is string => typeof type === 'string') : [];
      const key = beneficiaryKey(
        `${first.toLowerCase()}|${last.toLowerCase()}|${dob}`,
        types,
        typeof link.shareSize === 'number' ? link.shareSize : undefined,
      );
      if (wanted.has(key)) {
        linked.add(key);
        continue;
      }
      try {
        await call('unlinkBeneficiary', 'DELETE', `${path}/${enc(linkId)}`, { requireJson: false });
      } catch (error) {
        // Gone already (a retry after a partial run): what we wanted.
        if (!(error instanceof SumsubApiError) || error.status !== 404) throw error;
      }
    }
    for (const beneficiary of declared.filter(({ key }) => !linked.has(key)))
      await call('linkBeneficiary', 'POST', path, { json: beneficiary.body, requireJson: false });
  }

  /** One multipart upload per file; with X-Return-Doc-Warnings a 2xx can still refuse it (then inactive): that stops here. */
  async function upload(operation: string, path: string, uploads: PreparedUpload[]) {
    for (const [index, file] of uploads.entries()) {
      const label = `${operation} (file ${index + 1} of ${uploads.length})`;
      const { bytes, contentType } = buildMultipart([
        { name: 'metadata', value: Buffer.from(JSON.stringify(file.metadata), 'utf8') },
        { name: 'content', value: file.bytes, fileName: file.fileName, contentType: file.contentType },
      ]);
      const { status, json } = await call(label, 'POST', path, {
        raw: { bytes, contentType },
        headers: { 'X-Return-Doc-Warnings': 'true' },
        requireJson: false,
      });
      const errors = isRecord(json) && json.errors !== undefined && json.errors !== null ? JSON.stringify(json.errors) : '';
      if (errors && errors !== '[]' && errors !== '{}')
        throw new SumsubApiError(
          `Sumsub ${label} failed: the document was refused — ${errors.slice(0, 500)}`,
          status,
          undefined,
          undefined,
        );
    }
  }

  return {
    kind: 'sumsub',

    async submitCompany(submission) {
      const company = prepareCompany(submission);
      const { applicantId, existed } = await createOrFind(company);
      const path = `/resources/applicants/${enc(applicantId)}`;
      let current: Json | undefined;
      if (existed) {
        await call('changeCompanyInfo', 'PATCH', `${path}/fixedInfo`, { json: { companyInfo: company.companyInfo }, requireJson: false });
        current = await getApplicant(applicantId);
      }
      await linkBeneficiaries(applicantId, company.beneficiaries, current);
      await upload('addCompanyDocument', `${path}/info/idDoc`, company.uploads);
      await call('requestCheck', 'POST', `${path}/status/pending`, { requireJson: false });
      return { applicantId };
    },

    async submitEdd(submission) {
      const applicantId = checkedId('submitEdd', submission.applicantId);
      const applicant = await getApplicant(applicantId);
      const country =
        str(recordAt(recordAt(applicant, 'fixedInfo'), 'companyInfo').country) ??
        str(recordAt(recordAt(applicant, 'info'), 'companyInfo').country);
      if (!country) throw new Error('Sumsub submitEdd: the company applicant has no country');
      const edd = prepareEdd(submission, questionnaire, country);
      const { json } = await call(
        'createEddAction',
        'POST',
        `/resources/applicantActions/-/forApplicant/${enc(applicantId)}?levelName=${enc(options.eddLevelName)}`,
        { json: { externalActionId: `edd-${applicantId}-${now().getTime()}`, questionnaires: [edd.questionnaire] } },
      );
      const actionPath = `/resources/applicantActions/${enc(idOf('createEddAction', json))}`;
      await upload('addEddDocument', `${actionPath}/images`, edd.uploads);
      await call('requestEddCheck', 'POST', `${actionPath}/review/status/pending`, { requireJson: false });
    },

    async getReview(requestedId) {
      const applicantId = checkedId('getReview', requestedId);
      const applicant = await getApplicant(applicantId);
      const company = reviewPartsOf(applicant);
      const rejectedFields =
        company.reviewRejectType === 'RETRY'
          ? rejectedFieldsOf((await call('getDocumentImages', 'GET', `/resources/applicants/${enc(applicantId)}/metadata/resources`)).json)
          : [];
      // EDD follows a passed company review: only then are its actions read.
      const eddAction =
        company.reviewAnswer === 'GREEN'
          ? latestEddAction(
              (await call('getApplicantActions', 'GET', `/resources/applicantActions/-;applicantId=${enc(applicantId)}`)).json,
              options.eddLevelName,
            )
          : undefined;
      return toCompanyReview({ applicant, requestedId: applicantId, rejectedFields, eddAction, eddRequiredTag });
    },

    async hostedFormUrl({ externalId, levelName }) {
      const { json } = await call('hostedFormUrl', 'POST', '/resources/sdkIntegrations/levels/-/websdkLink', {
        json: { levelName, userId: externalId, ttlInSecs: options.hostedFormTtlSeconds ?? 1800 },
      });
      const url = isRecord(json) ? str(json.url) : undefined;
      if (!url?.startsWith('https://')) throw new Error('Sumsub hostedFormUrl: the answer has no https link');
      return url;
    },

    async decide(applicantId, decision) {
      const { operation, path, json } = sumsubDecisionRequest('KYB decide', applicantId, decision, { askAgain: false });
      await call(operation, 'POST', path, { json, requireJson: false });
    },

    parseWebhook: (input) => parseKybWebhook(input, options.webhookSecret, now, { allowSha1: options.webhookAllowSha1 === true }),
  };
}
