import { CALLS, DESK_PAGE_SIZE, type DeskPermission, type EddCaseStatus, mayDo } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { sniffDocumentType } from '../../platform/document-type.ts';
import { CONTENT_TYPE_BY_DOCUMENT, safeDownloadName } from '../../providers/storage/storage.ts';
import type { DeskFace } from '../desk/index.ts';
import type { EddCaseView, EddDecision, EddReview } from './edd-review.ts';

/** Reading cases and their files, deciding them and overriding a rating: a review (docs/rules/operator-desk.md "Roles"). */
const REVIEW: DeskPermission = 'reviews:decide';
/** Asking a person for EDD starts a journey for them. */
const START: DeskPermission = 'journeys:start';
/** The country risk list is configuration as data. */
const CONFIG: DeskPermission = 'config:change';

const person = (userId: string) => ({ type: 'person', id: userId });

/** A file name for `filename*` (RFC 5987): percent-encoded, the characters encodeURIComponent leaves but the header may not take included. */
const rfc5987 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The row's status and trigger as the contract names them (the table's checks hold them to these values). */
const typed = <V extends Pick<EddCaseView, 'status' | 'trigger'>>(view: V) => ({
  ...view,
  status: view.status as EddCaseStatus,
  trigger: view.trigger as 'rating' | 'operator' | 'sandbox',
});

/** A case as the list shows it: who, where it stands, by when; never the answers. */
const summaryOf = (view: EddCaseView) => ({
  id: view.id,
  userId: view.userId,
  email: view.email,
  status: view.status,
  trigger: view.trigger,
  askedParts: view.askedParts,
  deadlineAt: view.deadlineAt,
  submittedAt: view.submittedAt,
  createdAt: view.createdAt,
});

/**
 * The desk's EDD screen (docs/rules/operator-desk.md "EDD reviews"): the edd module's review functions
 * (edd-review.ts) as desk calls. Registered by the edd module, which comes after the desk in MODULES, so it
 * takes the desk's face at register time. Every change goes through `desk.act` (its audit row, naming the
 * person, committed with it); a look at a case or a download of its file is audited as a look at a person is.
 */
export function registerDeskEddCalls(app: FastifyInstance, deps: { desk: DeskFace; review: EddReview }): void {
  const { desk, review } = deps;

  desk.registerCall(CALLS.deskEddCases, { permission: REVIEW, action: 'edd.list-cases' }, async (request) => {
    const { status, page } = request.query;
    const { total, cases } = await review.listCases({ status, offset: (page - 1) * DESK_PAGE_SIZE, limit: DESK_PAGE_SIZE });
    return { total, page, pageSize: DESK_PAGE_SIZE, cases: cases.map((view) => typed(summaryOf(view))) };
  });

  desk.registerCall(CALLS.deskEddCase, { permission: REVIEW, action: 'edd.view-case' }, async (request, actor) => {
    const view = await review.readCase(request.query.caseId);
    return desk.act(
      actor,
      { permission: REVIEW, action: 'edd.view-case', target: person(view.userId), details: { caseId: view.id, status: view.status } },
      async () => typed(view),
    );
  });

  desk.registerCall(CALLS.deskEddDecide, { permission: REVIEW, action: 'edd.decide' }, async (request, actor) => {
    const { caseId, ...decision } = request.body;
    const { userId } = await review.readCase(caseId);
    const change = await desk.act(
      actor,
      {
        permission: REVIEW,
        action: 'edd.decide',
        target: person(userId),
        details: { caseId, ...decision },
        describe: (done) => ({ before: done.before?.status ?? null, after: done.after?.status ?? null }),
      },
      () => review.decide(actor.operator.id, caseId, decision as EddDecision),
    );
    return { caseId, status: change.after!.status as EddCaseStatus };
  });

  desk.registerCall(CALLS.deskEddRiskOverride, { permission: REVIEW, action: 'edd.set-risk-override' }, async (request, actor) => {
    const { userId, rating, reason } = request.body;
    const change = await desk.act(
      actor,
      {
        permission: REVIEW,
        action: 'edd.set-risk-override',
        target: person(userId),
        details: { rating, reason },
        describe: (done) => ({ before: done.before?.rating ?? null, after: done.after?.rating ?? null }),
      },
      () => review.setRiskOverride(actor.operator.id, userId, { rating, reason }),
    );
    return { rating: change.after };
  });

  desk.registerCall(CALLS.deskEddRequest, { permission: START, action: 'edd.request' }, async (request, actor) => {
    const { userId, reason } = request.body;
    const change = await desk.act(
      actor,
      {
        permission: START,
        action: 'edd.request',
        target: person(userId),
        details: { reason },
        describe: (done) => ({ caseId: done.after?.id ?? null, opened: done.before === null }),
      },
      () => review.requestEdd(actor.operator.id, userId, { reason }),
    );
    return { caseId: change.after!.id, status: change.after!.status as EddCaseStatus, opened: change.before === null };
  });

  desk.registerCall(CALLS.deskEddRiskCountries, { permission: CONFIG, action: 'edd.list-risk-countries' }, async () => {
    const countries = await review.listRiskCountries();
    return { countries: countries.map((row) => ({ ...row, level: row.level as 'medium' | 'high' | 'extreme' })) };
  });

  desk.registerCall(CALLS.deskEddSetCountryRisk, { permission: CONFIG, action: 'edd.set-country-risk' }, async (request, actor) => {
    const { country, level } = request.body;
    await desk.act(
      actor,
      {
        permission: CONFIG,
        action: 'edd.set-country-risk',
        target: { type: 'country', id: country },
        details: { level },
        describe: (done) => ({ before: done.before?.level ?? null, after: done.after?.level ?? null }),
      },
      () => review.setCountryRisk(actor.operator.id, country, level),
    );
    return { country, level };
  });

  // The file itself, not an envelope: so the platform's registerCall (its caller kind brings the desk session's
  // guard, before anything is read), the role checked here as desk.registerCall would.
  registerCall(app, CALLS.deskEddEvidenceFile, async (request, reply) => {
    const actor = desk.actorOf(request);
    const access = { permission: REVIEW, action: 'edd.download-evidence' };
    // The face has no bare check: an act refuses a role that may not (DSK0000004, the refusal audited) before
    // its work, so a role that may not learns nothing of the case, not even whether it exists.
    if (!mayDo(actor.operator.role, REVIEW)) await desk.act(actor, access, async () => null);
    const { caseId, filePath } = request.query;
    const { userId } = await review.readCase(caseId);
    const file = await desk.act(actor, { ...access, target: person(userId), details: { caseId, filePath } }, () =>
      review.evidenceFile(caseId, filePath),
    );
    const type = sniffDocumentType(file.bytes);
    const name = safeDownloadName(file.fileName);
    return (
      reply
        // Served as what its bytes are (never what its name says), and never rendered in the desk's origin.
        .header('content-type', type ? CONTENT_TYPE_BY_DOCUMENT[type] : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${rfc5987(file.fileName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes)
    );
  });
}
