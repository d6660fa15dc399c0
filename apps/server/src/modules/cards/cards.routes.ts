import { CALLS, type CardFieldsConfig, cardFieldsConfigSchema, ok } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { CardEntry } from './card-entry.ts';
import type { CardService } from './card.service.ts';
import { registerCall } from '../../platform/calls.ts';

/**
 * card/list-card, add-card, delete-card (docs/rules/calls.md): every call needs a session. card/card-fields-config tells the web app where the card is typed (public, like the
 * processor's publishable key it may carry); card/card-fields-session opens the processor's card
 * fields for the signed-in person (per person, limited, never cached).
 */
export function registerCardRoutes(
  app: FastifyInstance,
  deps: { cards: CardService; cardFields: CardFieldsConfig; cardEntry: CardEntry },
): void {
  registerCall(app, CALLS.listCard, async (request) => ok(await deps.cards.list(request.auth!.user)));

  // Decided once: the processor and its key cannot change while the process runs.
  const cardFields = cardFieldsConfigSchema.parse(deps.cardFields);
  registerCall(app, CALLS.cardFieldsConfig, async () => ok(cardFields));

  registerCall(app, CALLS.cardFieldsSession, async (request, reply) => {
    // A session's token and secret are one person's, for one card entry: no cache may keep them.
    reply.header('cache-control', 'no-store');
    return ok(await deps.cardEntry.start(request.auth!.user, request.ip));
  });

  registerCall(app, CALLS.addCard, async (request) => ok(await deps.cards.add(request.auth!.user, request.body)));

  registerCall(app, CALLS.deleteCard, async (request) => ok(await deps.cards.remove(request.auth!.user, request.body.cardId)));
}
