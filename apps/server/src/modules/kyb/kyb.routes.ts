import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { emailLanguageOf } from '../../platform/request-language.ts';
import { requesterOf } from '../identity/index.ts';
import type { KybModule } from './kyb.module.ts';

/** docs/rules/kyb.md: the KYB calls. HTTP only: each hands the signed-in business (or the link's ticket) to the module. */
export function registerKybRoutes(app: FastifyInstance, kyb: KybModule): void {
  const { form, people, submission, company } = kyb;
  const business = (request: { auth: { user: { id: string } } | null }) => request.auth!.user.id;

  registerCall(app, CALLS.kybGatenoxInviteUrl, async (request) => ok({ inviteUrl: await company.hostedFormUrl(business(request)) }));
  registerCall(app, CALLS.kybDocType, async (request) => ok({ documentTypes: company.documentTypes(request.query.section) }));
  registerCall(app, CALLS.kybOwnershipType, async (request) => ok({ ownershipTypes: company.ownershipTypes(request.query.type) }));
  registerCall(app, CALLS.kybBasicInfoGet, async (request) => ok(await form.view(business(request))));
  registerCall(app, CALLS.kybBasicInfoUpdate, async (request) => ok(await form.update(business(request), request.body)));
  registerCall(app, CALLS.kybSubmitAll, async (request) => {
    await submission.submitAll(business(request), requesterOf(request));
    return ok(await form.view(business(request)));
  });
  registerCall(app, CALLS.kybIndividualList, async (request) =>
    ok({ individuals: await form.individuals(business(request), request.query.personType) }),
  );
  registerCall(app, CALLS.kybIndividualUpdate, async (request) => ok(await form.saveIndividual(business(request), request.body)));
  registerCall(app, CALLS.kybIndividualDelete, async (request) => {
    await form.deleteIndividual(business(request), request.body.id);
    return ok(null);
  });
  registerCall(app, CALLS.kybIndividualCheckSame, async (request) => ok(await form.checkSame(business(request), request.body)));
  registerCall(app, CALLS.kybIndividualSendEmail, async (request) => {
    const sentAt = await people.sendEmail(business(request), request.body.id, requesterOf(request));
    return ok({ emailSentAt: sentAt.toISOString() });
  });
  registerCall(app, CALLS.kybIndividualAccessToken, async (request) => ok(await people.accessFor(request.body.ticket, request.ipKey)));
  registerCall(app, CALLS.kybCompanyList, async (request) => ok({ companies: await form.companies(business(request)) }));
  registerCall(app, CALLS.kybCompanyUpdate, async (request) => ok(await form.saveCompany(business(request), request.body)));
  registerCall(app, CALLS.kybCompanyDelete, async (request) => {
    await form.deleteCompany(business(request), request.body.id);
    return ok(null);
  });
  registerCall(app, CALLS.kybEddQuestionnaire, async (request) =>
    ok(await submission.questionnaire(business(request), emailLanguageOf(request))),
  );
  registerCall(app, CALLS.kybQuestionnaireCommit, async (request) =>
    ok(await submission.commit(business(request), request.body.answers, emailLanguageOf(request))),
  );
  registerCall(app, CALLS.kybEddSubmitAll, async (request) =>
    ok(await submission.submitEdd(business(request), request.body.answers, requesterOf(request))),
  );
  registerCall(app, CALLS.kybCompanyHeader, async (request) => ok(await company.header(business(request))));
  registerCall(app, CALLS.kybLogo, async (request) => ok(await company.setLogo(business(request), request.body.filePath)));
}
