/**
 * Sumsub adapter of the KYC provider. Which documentation page each part follows:
 *
 * - Request signing (every call): https://docs.sumsub.com/reference/authentication — headers
 *   X-App-Token, X-App-Access-Ts (Unix seconds, UTC) and X-App-Access-Sig, the lowercase hex
 *   HMAC-SHA256 with the app token's secret key over ts + METHOD (upper case) + the request URI
 *   without the host (path and query string) + the body exactly as sent (nothing for a GET).
 * - createApplicant: https://docs.sumsub.com/reference/create-applicant — POST
 *   /resources/applicants?levelName=… with JSON {externalUserId, email}. Sumsub answers 409 when
 *   the externalUserId already has an applicant; we then look it up with
 *   https://docs.sumsub.com/reference/get-applicant-data-via-externaluserid — GET
 *   /resources/applicants/-;externalUserId=…/one.
 * - accessToken: https://docs.sumsub.com/reference/generate-access-token — POST
 *   /resources/accessTokens/sdk with JSON {userId, levelName, ttlInSecs}, answering {token, userId}
 *   (the older POST /resources/accessTokens?userId=&levelName=&ttlInSecs= is not used).
 * - reuseSharedApplicant (Reusable KYC): https://docs.sumsub.com/reference/reuse-applicant-for-reusable-kyc
 *   — POST /resources/api/reusableIdentity/reuse?shareToken=…&levelName=…&userId=…, no body.
 *   Sumsub rechecks what the donor (a merchant) shared against the requirements of OUR level, which
 *   is what makes it a KYC of ours (https://docs.sumsub.com/docs/reusable-kyc-via-api), and answers
 *   the new applicant ({id, createdAt, clientId, externalUserId, info, ...}); we keep only its id,
 *   and its review arrives by webhook like any other. `userId` is the externalUserId Sumsub gives
 *   the new applicant (Sumsub's own integration guide, github.com/SUMSUB/agent-skills,
 *   skills/sumsub-integrate-id-connect/SKILL.md, stage 4; without it the documented answer carries
 *   a generated "copy-…" id), so a webhook finds the person by externalUserId as well as by the
 *   applicantId we record. Not the Copy Applicant import (POST /resources/applicants/-/import,
 *   https://docs.sumsub.com/docs/copy-applicant): that one copies the donor's data and review with
 *   no checks of ours, which Sumsub itself says is no regulatory KYC. Refusals (401 "Token is
 *   invalid", 400 with errorCode 10501-10521) become SharedKycRefusedError, by
 *   sumsub-reuse-errors.ts. The share token (opaque, at most 1 KB, single-use:
 *   https://docs.sumsub.com/reference/generate-share-token) is a bearer secret: it never reaches a
 *   message.
 * - getReview: https://docs.sumsub.com/reference/get-applicant-data — GET
 *   /resources/applicants/{applicantId}/one: id, externalUserId, info / fixedInfo (countries in
 *   ISO alpha-3, dob YYYY-MM-DD), review {reviewStatus, reviewResult {reviewAnswer,
 *   reviewRejectType, rejectLabels}, reviewDate once completed, createDate}; labels per https://docs.sumsub.com/docs/receive-and-interpret-results-via-api.
 * - submitDocuments (flow V2, our own document step), three calls in this order:
 *   1. https://docs.sumsub.com/reference/change-provided-info-fixedinfo — PATCH
 *      /resources/applicants/{applicantId}/fixedInfo with JSON {firstName, lastName, dob YYYY-MM-DD,
 *      nationality, country} (countries ISO alpha-3; `country` is the residence). Only the fields
 *      sent change; the answer (the fixedInfo) is not needed.
 *   2. https://docs.sumsub.com/reference/add-id-documents — POST
 *      /resources/applicants/{applicantId}/info/idDoc, once per file, as multipart/form-data: a
 *      `metadata` part (JSON {idDocType, country, idDocSubType FRONT_SIDE | BACK_SIDE for a
 *      two-sided document}) and a `content` part (the file, its name and media type: image/jpeg,
 *      image/png or application/pdf, as the FAQ https://developers.sumsub.com/faq lists them, by
 *      the file's type as its magic bytes say), header
 *      X-Return-Doc-Warnings: true. The signature covers the multipart bytes exactly as sent, as in
 *      Sumsub's examples (github.com/SumSubstance/AppTokenUsageExamples, JS and Python), so the body
 *      is built here as one Buffer with a random boundary. With that header a 200 may carry an
 *      `errors` array: the image is then inactive and the check would not start, so it fails here.
 *      Front side first: the page asks for BACK_SIDE after FRONT_SIDE.
 *   3. https://docs.sumsub.com/reference/request-applicant-check — POST
 *      /resources/applicants/{applicantId}/status/pending, no body, answering {"ok": 1} (ignored).
 *   Everything is checked before the first call, and a failure stops the sequence there (no
 *   review is requested over a half-sent document).
 * - decide (an operator's decision; the request is built by sumsub-decision.ts, shared with the KYB adapter), one
 *   call, its answer (the applicant) not needed: the outcome arrives by webhook like any review.
 *   - approve: https://docs.sumsub.com/reference/approve-applicant — POST
 *     /resources/applicants/{applicantId}/-/approve with JSON {note} (or {} without a note: Sumsub refuses a
 *     missing body with 400, and an approval with `reasons` with 409). The review becomes completed, GREEN.
 *   - reject: https://docs.sumsub.com/reference/reject-applicant — POST
 *     /resources/applicants/{applicantId}/-/reject with JSON {note, reasons: {fraud: [reason]}} (reasons
 *     grouped by Sumsub's group id; left out without a reason). The review becomes completed, RED, FINAL, with
 *     the label EXTERNAL_DECISION_REJECTION.
 *   - askAgain: https://docs.sumsub.com/reference/change-applicant-status-to-init — POST
 *     /resources/applicants/{applicantId}/-/init with JSON {note}: documents requested again (meant for an
 *     applicant onHold with a requested step; otherwise Sumsub sets the status it sees fit, and says so by webhook).
 *   A 409 with Retry-After (the applicant was moved to pending a moment ago and Sumsub is still processing it)
 *   throws SumsubRetryLaterError, with the seconds: never retried here, the operator tries again.
 * - Errors: https://docs.sumsub.com/reference/review-api-health (body {description, code,
 *   correlationId, errorCode?, errorName?}) and https://docs.sumsub.com/reference/error-codes-description.
 * - parseWebhook: https://docs.sumsub.com/docs/user-verification-webhooks (payload: applicantId,
 *   inspectionId, correlationId, externalUserId, type, reviewStatus, reviewResult, createdAt
 *   "yyyy-MM-dd HH:mm:ss+0000", createdAtMs "yyyy-MM-dd HH:mm:ss.fff", both UTC) and
 *   https://docs.sumsub.com/docs/webhook-manager (X-Payload-Digest / X-Payload-Digest-Alg, checked by
 *   the shared verifyPayloadDigest).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ID_DOCUMENT_TYPES } from '@causeway/contracts';
import countriesLib from 'i18n-iso-countries';
import { EXTENSIONS_BY_TYPE, extensionOf } from '../../platform/document-type.ts';
import { CONTENT_TYPE_BY_DOCUMENT } from '../storage/storage.ts';
import {
  type ApplicantInfo,
  type ApplicantReview,
  type DocumentSubmission,
  type IdDocumentType,
  type KycProvider,
  type KycWebhookEvent,
  SharedKycRefusedError,
  VendorInputError,
} from './kyc-provider.ts';
import { sumsubDecisionRequest } from './sumsub-decision.ts';
import { sumsubReuseRefusal } from './sumsub-reuse-errors.ts';
import { type DigestPolicy, verifyPayloadDigest } from './webhook-digest.ts';

export interface SumsubOptions {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  /** SUMSUB_WEBHOOK_ALLOW_SHA1: also take webhooks signed with SHA-1 (webhook-digest.ts). */
  webhookAllowSha1?: boolean;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

/** A non-2xx answer from Sumsub. The message carries the status and Sumsub's own explanation, never a credential. */
export class SumsubApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: number | undefined,
    readonly correlationId: string | undefined,
    /** Sumsub's own description, credentials removed (a caller may need to tell its refusals apart by it). */
    readonly description?: string | undefined,
  ) {
    super(message);
    this.name = 'SumsubApiError';
  }
}

/**
 * Sumsub answered 409 with a Retry-After header: the applicant was moved to pending a moment ago and Sumsub's own
 * processing still runs (the decision calls say so: approve, reject, init). Nothing changed; the same call may be
 * made again after `retryAfterSeconds` (null when the header gave no usable delay). The adapters never retry it
 * themselves: the caller (an operator) tries again.
 */
export class SumsubRetryLaterError extends SumsubApiError {
  constructor(
    message: string,
    errorCode: number | undefined,
    correlationId: string | undefined,
    description: string | undefined,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message, 409, errorCode, correlationId, description);
    this.name = 'SumsubRetryLaterError';
  }
}

/**
 * A Retry-After header's delay in whole seconds (RFC 9110: delay-seconds, or an HTTP date, counted from `now`), or
 * null when it is neither.
 */
export function retryAfterSecondsOf(header: string | null, now: Date): number | null {
  const text = header?.trim() ?? '';
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = /[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * A Sumsub answer as both adapters' `call` reads it: the body parsed (not JSON: undefined), a non-2xx thrown as
 * sumsubErrorOf makes it, and a 2xx without the JSON the call needs refused.
 */
export function sumsubAnswer(input: {
  operation: string;
  response: Response;
  text: string;
  now: Date;
  redact: (text: string) => string;
  requireJson: boolean | undefined;
}): { status: number; json: unknown } {
  const { operation, response, text } = input;
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status > 299)
    throw sumsubErrorOf({
      operation,
      status: response.status,
      json,
      retryAfter: response.headers.get('retry-after'),
      now: input.now,
      redact: input.redact,
    });
  if (json === undefined && input.requireJson !== false)
    throw new Error(`Sumsub ${operation}: HTTP ${response.status} with a body that is not JSON`);
  return { status: response.status, json };
}

/**
 * A non-2xx answer as the error both Sumsub adapters throw (their `call`): a SumsubApiError whose message carries
 * the status and Sumsub's own explanation (https://docs.sumsub.com/reference/review-api-health), or, for a 409 with
 * Retry-After, a SumsubRetryLaterError saying to try again. `redact` removes the credentials from every text.
 */
export function sumsubErrorOf(input: {
  operation: string;
  status: number;
  json: unknown;
  retryAfter: string | null;
  now: Date;
  redact: (text: string) => string;
}): SumsubApiError {
  const { operation, status, json, redact } = input;
  const answer = isRecord(json) ? json : {};
  const description = str(answer.description);
  const errorCode = typeof answer.errorCode === 'number' ? answer.errorCode : undefined;
  const errorName = str(answer.errorName);
  const correlationId = str(answer.correlationId);
  const parts = [`Sumsub ${operation} failed: HTTP ${status}`];
  if (errorCode !== undefined) parts.push(`errorCode ${errorCode}${errorName ? ` (${errorName})` : ''}`);
  parts.push(description ? description.slice(0, 500) : isRecord(json) ? 'no description' : 'body is not Sumsub JSON');
  if (correlationId) parts.push(`correlationId ${correlationId}`);
  const redactedDescription = description === undefined ? undefined : redact(description);
  if (status === 409 && input.retryAfter !== null) {
    const seconds = retryAfterSecondsOf(input.retryAfter, input.now);
    parts.push(`Sumsub is still processing the applicant: try again ${seconds === null ? 'in a moment' : `in ${seconds} seconds`}`);
    return new SumsubRetryLaterError(redact(parts.join(' — ')), errorCode, correlationId, redactedDescription, seconds);
  }
  return new SumsubApiError(redact(parts.join(' — ')), status, errorCode, correlationId, redactedDescription);
}

/**
 * The documented signature: hex HMAC-SHA256(secretKey, ts + METHOD + pathWithQuery + body), the body
 * as the bytes sent (a string is taken as UTF-8; a multipart body is signed as its Buffer).
 */
export function signSumsubRequest(input: {
  secretKey: string;
  ts: string;
  method: string;
  pathWithQuery: string;
  body?: string | Buffer;
}): string {
  const hmac = createHmac('sha256', input.secretKey).update(input.ts + input.method.toUpperCase() + input.pathWithQuery, 'utf8');
  if (input.body !== undefined) hmac.update(typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : input.body);
  return hmac.digest('hex');
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
/** Sumsub's applicant ids are 24 lowercase letters and digits; anything path-like is refused before it reaches a URL. */
const APPLICANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface CallOptions {
  /** A JSON body (sent and signed as its JSON.stringify text). */
  json?: Json;
  /** Or a body as bytes, with its content type (the multipart upload). */
  raw?: { bytes: Buffer; contentType: string };
  headers?: Record<string, string>;
  /** A 2xx whose body is not JSON is an error unless false (calls whose answer Sumsub says may be ignored). */
  requireJson?: boolean;
}

export function createSumsubKyc(options: SumsubOptions): KycProvider {
  if (!options.appToken || !options.secretKey || !options.webhookSecret) {
    throw new Error('SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET are required for the Sumsub KYC provider');
  }
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = (options.baseUrl ?? 'https://api.sumsub.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  /** Removes anything credential-shaped from text that ends up in an error message. */
  const redact = (text: string, signature?: string) => {
    let out = text;
    for (const secret of [options.secretKey, options.webhookSecret, options.appToken, signature]) {
      if (secret) out = out.split(secret).join('[redacted]');
    }
    return out;
  };

  async function call(
    operation: string,
    method: 'GET' | 'POST' | 'PATCH',
    pathWithQuery: string,
    request: CallOptions = {},
  ): Promise<{ status: number; json: unknown }> {
    // Sign exactly the request-target fetch will send (the URL parser may normalise what we built).
    const url = new URL(base + pathWithQuery);
    const target = url.pathname + url.search;
    const body: string | Buffer | undefined = request.raw
      ? request.raw.bytes
      : request.json === undefined
        ? undefined
        : JSON.stringify(request.json);
    const ts = String(Math.floor(now().getTime() / 1000));
    const signature = signSumsubRequest({ secretKey: options.secretKey, ts, method, pathWithQuery: target, body });
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...request.headers,
      'X-App-Token': options.appToken,
      'X-App-Access-Ts': ts,
      'X-App-Access-Sig': signature,
    };
    if (request.raw) headers['content-type'] = request.raw.contentType;
    else if (body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`Sumsub ${operation} timed out after ${timeoutMs} ms`);
      const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
      const detail = typeof cause === 'string' ? cause : ((error as Error | undefined)?.message ?? 'unknown error');
      throw new Error(redact(`Sumsub ${operation} request failed: ${detail}`, signature));
    }

    return sumsubAnswer({
      operation,
      response,
      text,
      now: now(),
      redact: (out) => redact(out, signature),
      requireJson: request.requireJson,
    });
  }

  const applicantIdOf = (operation: string, json: unknown): string => {
    const id = isRecord(json) ? str(json.id) : undefined;
    if (!id) throw new Error(`Sumsub ${operation}: the answer has no applicant id`);
    return id;
  };

  return {
    kind: 'sumsub',

    async createApplicant({ externalUserId, email, levelName }) {
      try {
        const { json } = await call('createApplicant', 'POST', `/resources/applicants?levelName=${encodeURIComponent(levelName)}`, {
          json: { externalUserId, email },
        });
        return { applicantId: applicantIdOf('createApplicant', json) };
      } catch (error) {
        if (!(error instanceof SumsubApiError) || error.status !== 409) throw error;
      }
      // 409: this externalUserId already has an applicant (an earlier attempt, or a retry): adopt it.
      const { json } = await call(
        'findApplicant',
        'GET',
        `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
      );
      if (isRecord(json) && json.externalUserId !== undefined && json.externalUserId !== externalUserId) {
        throw new Error('Sumsub findApplicant: the applicant found belongs to another externalUserId');
      }
      return { applicantId: applicantIdOf('findApplicant', json) };
    },

    async accessToken({ externalUserId, levelName, ttlSeconds }) {
      const { json } = await call('accessToken', 'POST', '/resources/accessTokens/sdk', {
        json: { userId: externalUserId, levelName, ttlInSecs: ttlSeconds },
      });
      const token = isRecord(json) ? str(json.token) : undefined;
      if (!token) throw new Error('Sumsub accessToken: the answer has no token');
      return { token, url: null };
    },

    async submitDocuments(submission) {
      const { applicantId, fixedInfo, uploads } = prepareSubmission(submission);
      const applicantPath = `/resources/applicants/${encodeURIComponent(applicantId)}`;
      await call('changeFixedInfo', 'PATCH', `${applicantPath}/fixedInfo`, { json: fixedInfo, requireJson: false });
      for (const [index, upload] of uploads.entries()) {
        const operation = `addIdDocument (file ${index + 1} of ${uploads.length}${upload.metadata.idDocSubType ? `, ${upload.metadata.idDocSubType}` : ''})`;
        const { bytes, contentType } = buildMultipart([
          { name: 'metadata', value: Buffer.from(JSON.stringify(upload.metadata), 'utf8') },
          { name: 'content', value: upload.bytes, fileName: upload.fileName, contentType: upload.contentType },
        ]);
        const { status, json } = await call(operation, 'POST', `${applicantPath}/info/idDoc`, {
          raw: { bytes, contentType },
          headers: { 'X-Return-Doc-Warnings': 'true' },
          requireJson: false,
        });
        // With X-Return-Doc-Warnings a 2xx can still refuse the image (it is then inactive): stop here.
        const errors = docErrorsOf(json);
        if (errors.length > 0) {
          throw new SumsubApiError(
            redact(`Sumsub ${operation} failed: the document was refused — ${errors.join('; ').slice(0, 500)}`),
            status,
            undefined,
            undefined,
          );
        }
      }
      await call('requestCheck', 'POST', `${applicantPath}/status/pending`, { requireJson: false });
    },

    async reuseSharedApplicant({ shareToken, externalUserId, levelName }) {
      if (shareToken.length === 0 || shareToken.length > 1024) {
        throw new SharedKycRefusedError(
          { party: 'merchant', reason: 'invalid-share-token', vendorErrorCode: null, operatorAction: null },
          'Sumsub reuseSharedApplicant: a share token is 1 to 1024 characters (nothing was sent)',
        );
      }
      if (!levelName || !externalUserId) throw new Error('Sumsub reuseSharedApplicant: levelName and externalUserId are required');
      const query = [
        `shareToken=${encodeURIComponent(shareToken)}`,
        `levelName=${encodeURIComponent(levelName)}`,
        `userId=${encodeURIComponent(externalUserId)}`,
      ].join('&');
      // Sumsub's refusal quotes the token: it is a bearer secret, so it leaves no message, in either spelling.
      const withoutToken = (text: string) =>
        [shareToken, encodeURIComponent(shareToken)].reduce((out, secret) => out.split(secret).join('[share token]'), text);
      try {
        const { json } = await call('reuseSharedApplicant', 'POST', `/resources/api/reusableIdentity/reuse?${query}`);
        return { applicantId: applicantIdOf('reuseSharedApplicant', json) };
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        const message = withoutToken(error.message);
        if (!(error instanceof SumsubApiError)) throw new Error(message);
        const refusal = sumsubReuseRefusal(error.status, { errorCode: error.errorCode, description: error.description });
        if (refusal) throw new SharedKycRefusedError(refusal, message);
        const description = error.description === undefined ? undefined : withoutToken(error.description);
        throw new SumsubApiError(message, error.status, error.errorCode, error.correlationId, description);
      }
    },

    async getReview(applicantId) {
      if (!APPLICANT_ID.test(applicantId)) throw new Error('Sumsub getReview: malformed applicantId');
      const { json } = await call('getReview', 'GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`);
      if (!isRecord(json)) throw new Error('Sumsub getReview: the answer is not an applicant');
      return toApplicantReview(json, applicantId);
    },

    async decide(applicantId, decision) {
      const { operation, path, json } = sumsubDecisionRequest('decide', applicantId, decision);
      await call(operation, 'POST', path, { json, requireJson: false });
    },

    parseWebhook: (input) => parseSumsubWebhook(input, options.webhookSecret, now, { allowSha1: options.webhookAllowSha1 === true }),
  };
}

const ID_DOC_TYPES: ReadonlySet<string> = new Set(ID_DOCUMENT_TYPES);

interface PreparedUpload {
  metadata: { idDocType: IdDocumentType; country: string; idDocSubType?: 'FRONT_SIDE' | 'BACK_SIDE' };
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * Checks a submission and turns it into Sumsub's terms before anything is sent: a malformed
 * applicant id, an unknown country, a date that is not YYYY-MM-DD, a file type Sumsub does not
 * take (or a name whose extension is not its type's) or a two-file set that is not one front and
 * one back fails here (VendorInputError), with nothing half-sent.
 */
function prepareSubmission({ applicantId, info, documentType, files }: DocumentSubmission): {
  applicantId: string;
  fixedInfo: { firstName: string; lastName: string; dob: string; nationality: string; country: string };
  uploads: PreparedUpload[];
} {
  const fail = (why: string): never => {
    throw new VendorInputError(`Sumsub submitDocuments: ${why}`);
  };
  if (!APPLICANT_ID.test(applicantId)) fail('malformed applicantId');
  if (!ID_DOC_TYPES.has(documentType)) fail(`unsupported document type ${String(documentType).slice(0, 40)}`);
  if (!info.firstName || !info.lastName) fail('first and last name are required');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(info.dob)) fail('dob is not YYYY-MM-DD');
  const nationality = alpha2ToAlpha3(info.nationality) ?? fail('unknown nationality country code');
  const residence = alpha2ToAlpha3(info.residenceCountry) ?? fail('unknown residence country code');
  if (files.length === 0 || files.length > 2) fail(`expected one or two files, got ${files.length}`);
  const ordered = [...files];
  if (ordered.length === 2) {
    const sides = ordered.map((file) => file.side);
    if (!(sides.includes('FRONT_SIDE') && sides.includes('BACK_SIDE'))) fail('two files must be one FRONT_SIDE and one BACK_SIDE');
    // Sumsub asks for the back side after the front side.
    ordered.sort((a, b) => (a.side === 'FRONT_SIDE' ? -1 : b.side === 'FRONT_SIDE' ? 1 : 0));
  }
  const uploads = ordered.map((file): PreparedUpload => {
    // The media type follows the bytes' type (the same table storage serves files with); the name must agree with it.
    const contentType = CONTENT_TYPE_BY_DOCUMENT[file.type] ?? fail('a file is not .jpg, .jpeg, .png or .pdf');
    if (!EXTENSIONS_BY_TYPE[file.type].includes(extensionOf(file.fileName)))
      fail('a file is not .jpg, .jpeg, .png or .pdf, as its content says');
    if (file.bytes.length === 0) fail('a file is empty');
    return {
      // A passport or identity card is issued by the country of nationality; a driving licence by the country of residence.
      metadata: {
        idDocType: documentType,
        country: documentType === 'DRIVERS' ? residence : nationality,
        ...(file.side ? { idDocSubType: file.side } : {}),
      },
      fileName: safeFileName(file.fileName),
      contentType,
      bytes: file.bytes,
    };
  });
  return {
    applicantId,
    fixedInfo: { firstName: info.firstName, lastName: info.lastName, dob: info.dob, nationality, country: residence },
    uploads,
  };
}

/** A file name that cannot break out of its Content-Disposition header: the last path segment, safe characters only. */
function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100);
  return safe === '' || safe.startsWith('.') ? `document${safe}` : safe;
}

/**
 * A multipart/form-data body as one Buffer (RFC 7578), so that the signature covers exactly the
 * bytes sent. The boundary is random and checked against the content.
 */
export function buildMultipart(parts: Array<{ name: string; value: Buffer; fileName?: string; contentType?: string }>): {
  bytes: Buffer;
  contentType: string;
} {
  let boundary = '';
  do {
    boundary = `----SumsubFormBoundary${randomBytes(16).toString('hex')}`;
  } while (parts.some((part) => part.value.includes(boundary)));
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), part.value, Buffer.from('\r\n', 'utf8'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { bytes: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The `errors` an idDoc answer carries with X-Return-Doc-Warnings (an array, or an object of them), as short texts. */
function docErrorsOf(json: unknown): string[] {
  if (!isRecord(json)) return [];
  const errors = json.errors;
  const items = Array.isArray(errors) ? errors : isRecord(errors) ? Object.entries(errors).map(([key, value]) => ({ [key]: value })) : [];
  return items.map((item) => (typeof item === 'string' ? item : (JSON.stringify(item) ?? '')).slice(0, 200)).filter((text) => text !== '');
}

/**
 * A Sumsub webhook, signature checked over the raw bytes, reduced to what we act on. The sandbox
 * vendor sends the same format, so it parses with this too. The event key pairs the type with the
 * correlationId: Sumsub documents the id as unique per event, but some of its webhook families
 * share one id across the events of an operation, and a pending then reviewed pair must both count.
 */
export function parseSumsubWebhook(
  { rawBody, headers }: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
  webhookSecret: string,
  now: () => Date,
  digestPolicy: DigestPolicy = {},
): KycWebhookEvent {
  verifyPayloadDigest(rawBody, headers, webhookSecret, digestPolicy);
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('malformed webhook body');
  }
  if (!isRecord(payload)) throw new Error('malformed webhook body');
  const type = str(payload.type);
  const applicantId = str(payload.applicantId);
  if (!type || !applicantId) throw new Error('malformed webhook body');
  const correlationId = str(payload.correlationId);
  return {
    eventKey: correlationId ? `${type}:${correlationId}` : createHash('sha256').update(rawBody).digest('hex'),
    type,
    applicantId,
    externalUserId: str(payload.externalUserId) ?? '',
    createdAtMs: parseSumsubTime(payload.createdAtMs) ?? parseSumsubTime(payload.createdAt) ?? now().getTime(),
  };
}

/** Maps Sumsub's applicant (GET …/one) to our review. Document-recognised `info` wins, `fixedInfo` fills the gaps. */
export function toApplicantReview(applicant: Json, requestedId = ''): ApplicantReview {
  const review = isRecord(applicant.review) ? applicant.review : {};
  const result = isRecord(review.reviewResult) ? review.reviewResult : {};
  const answer = result.reviewAnswer;
  const rejectType = result.reviewRejectType;
  return {
    applicantId: str(applicant.id) ?? requestedId,
    externalUserId: str(applicant.externalUserId) ?? '',
    reviewStatus: str(review.reviewStatus) ?? 'init',
    reviewAnswer: answer === 'GREEN' || answer === 'RED' ? answer : null,
    reviewRejectType: rejectType === 'FINAL' || rejectType === 'RETRY' ? rejectType : null,
    rejectLabels: Array.isArray(result.rejectLabels)
      ? result.rejectLabels.filter((label): label is string => typeof label === 'string')
      : [],
    info: toApplicantInfo(isRecord(applicant.info) ? applicant.info : {}, isRecord(applicant.fixedInfo) ? applicant.fixedInfo : {}),
    reviewedAt: timeOf(parseSumsubTime(review.reviewDate) ?? parseSumsubTime(review.createDate)),
  };
}

const timeOf = (ms: number | undefined): Date | null => (ms === undefined ? null : new Date(ms));

function toApplicantInfo(info: Json, fixedInfo: Json): ApplicantInfo {
  const pick = (field: string) => str(info[field]) ?? str(fixedInfo[field]);
  const firstAddressCountry = (source: Json) => {
    const addresses = source.addresses;
    return Array.isArray(addresses) && isRecord(addresses[0]) ? str(addresses[0].country) : undefined;
  };
  const dob = pick('dob');
  // Residence: the address's country when Sumsub has one, else the applicant's `country`.
  const residence = firstAddressCountry(info) ?? firstAddressCountry(fixedInfo) ?? pick('country');
  return {
    // The name as written on the document; Sumsub's Latin transliteration only when that is absent.
    firstName: pick('firstName') ?? pick('firstNameEn'),
    lastName: pick('lastName') ?? pick('lastNameEn'),
    dob: dob && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob : undefined,
    nationality: alpha3ToAlpha2(pick('nationality')),
    residenceCountry: alpha3ToAlpha2(residence),
  };
}

/**
 * Sumsub's times: a webhook's createdAtMs "yyyy-MM-dd HH:mm:ss.fff" and createdAt (like a
 * review's createDate and reviewDate) "yyyy-MM-dd HH:mm:ss+0000", all UTC (a bare Date.parse
 * would read the first as local time). A number is taken as epoch milliseconds.
 */
export function parseSumsubTime(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{12,}$/.test(text)) return Number(text);
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!match) return undefined;
  const [, date, time, fraction, zone] = match;
  const millis = (fraction ?? '').slice(0, 3).padEnd(3, '0');
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${date}T${time}.${millis}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * ISO 3166-1 alpha-3 → alpha-2 (Sumsub answers alpha-3; we keep alpha-2), by the same country
 * library that seeds our countries table. Kosovo, which has no ISO code, appears as XKX (and XKK)
 * at vendors and is XK here, as in our countries table. Unknown or missing codes are undefined.
 */
const KOSOVO_ALPHA3 = new Set(['XKX', 'XKK']);

export function alpha3ToAlpha2(code: string | undefined): string | undefined {
  if (!code || code.length !== 3) return undefined;
  const upper = code.toUpperCase();
  return KOSOVO_ALPHA3.has(upper) ? 'XK' : (countriesLib.alpha3ToAlpha2(upper) ?? undefined);
}

/** ISO 3166-1 alpha-2 → alpha-3 for what we send Sumsub; Kosovo (XK here) is XKX there. Unknown codes are undefined. */
export function alpha2ToAlpha3(code: string | undefined): string | undefined {
  if (!code || code.length !== 2) return undefined;
  const upper = code.toUpperCase();
  return upper === 'XK' ? 'XKX' : (countriesLib.alpha2ToAlpha3(upper) ?? undefined);
}
