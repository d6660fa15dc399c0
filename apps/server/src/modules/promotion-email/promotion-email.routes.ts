import { CALLS, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.ts';
import { emailLanguageOf } from '../../platform/request-language.ts';
import { requesterOf } from '../identity/index.ts';
import type { PromotionEmailService } from './promotion-email.service.ts';

/** The calls of docs/rules/calls.md "Promotional emails": the choice in Settings, and the unsubscribe screen's two. */
export function registerPromotionEmailRoutes(app: FastifyInstance, service: PromotionEmailService): void {
  registerCall(app, CALLS.promotionEmailSubscription, async (request) => {
    // The session guard in front of every individual call set it.
    const user = request.auth!.user;
    const body = request.body ?? {};
    if (body.subscribed === undefined) return ok(await service.choiceOf(user));
    const lang = body.lang ?? emailLanguageOf(request);
    return ok(await service.setChoice(user, body.subscribed, lang, requesterOf(request)));
  });

  registerCall(app, CALLS.promotionEmailUnsubscribeDetails, async (request) =>
    ok(await service.linkDetails(request.body.token, request.ipKey)),
  );

  registerCall(app, CALLS.promotionEmailUnsubscribe, async (request) =>
    ok(await service.unsubscribeByLink(request.body.token, request.ipKey, 'link')),
  );
}
