import { addCardRequestSchema, API_BASE, type CardFieldsConfig, cardFieldsConfigSchema, cardFieldsSessionSchema, cardSchema, commonHeadersSchema, deleteCardRequestSchema, envelopeOf, listCardRequestSchema, listCardResultSchema, ok, PATHS } from '@causeway/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityModule } from '../identity/identity.module.ts';
import type { CardEntry } from './card-entry.ts';
import type { CardService } from './card.service.ts';
import type { WalletService } from './wallet.service.ts';
import { addWalletRequestSchema, listWalletRequestSchema, listWalletResultSchema, walletIdRequestSchema, walletSchema } from '@causeway/contracts';

/**
 * card/list-card, add-card, delete-card (spec §7) and the wallet address book: every call needs a
 * session. card/card-fields-config tells the web app where the card is typed (public, like the
 * processor's publishable key it may carry); card/card-fields-session opens the processor's card
 * fields for the signed-in person (per person, limited, never cached).
 */
export function registerCardAndWalletRoutes(app: FastifyInstance, deps: { cards: CardService; wallets: WalletService; identity: IdentityModule; cardFields: CardFieldsConfig; cardEntry: CardEntry }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const headers = commonHeadersSchema;
  const preHandler = deps.identity.guard.requireSession;

  routes.post(`${API_BASE}${PATHS.listCard}`, {
    schema: { tags: ['cards'], summary: 'Saved cards (masked), the cap, and when a new card may be added', headers, body: listCardRequestSchema.optional(), response: { 200: envelopeOf(listCardResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.cards.list(request.auth!.user)),
  });

  // Decided once: the processor and its key cannot change while the process runs.
  const cardFields = cardFieldsConfigSchema.parse(deps.cardFields);
  routes.get(`${API_BASE}${PATHS.cardFieldsConfig}`, {
    schema: { tags: ['cards'], summary: "Where the card is typed: the sandbox processor's card-fields page, or Checkout.com Flow, its public key and environment", headers, response: { 200: envelopeOf(cardFieldsConfigSchema) } },
    handler: async () => ok(cardFields),
  });

  routes.post(`${API_BASE}${PATHS.cardFieldsSession}`, {
    schema: {
      tags: ['cards'],
      summary: "The signed-in person's session for the processor's card fields (Checkout.com Flow's Payment Session, amount 0, card only), or null for the sandbox's page; limited per person, never cached",
      headers, response: { 200: envelopeOf(cardFieldsSessionSchema) },
    },
    preHandler,
    handler: async (request, reply) => {
      // A session's token and secret are one person's, for one card entry: no cache may keep them.
      reply.header('cache-control', 'no-store');
      return ok(await deps.cardEntry.start(request.auth!.user, request.ip));
    },
  });

  routes.post(`${API_BASE}${PATHS.addCard}`, {
    schema: {
      tags: ['cards'],
      summary: "Save a card from the processor's single-use token (card fields); a body with a card number or CVV is refused (400)",
      headers, body: addCardRequestSchema, response: { 200: envelopeOf(cardSchema) },
    },
    preHandler,
    handler: async (request) => ok(await deps.cards.add(request.auth!.user, request.body)),
  });

  routes.post(`${API_BASE}${PATHS.deleteCard}`, {
    schema: { tags: ['cards'], summary: 'Delete a saved card (a new one may be added 48 h later)', headers, body: deleteCardRequestSchema, response: { 200: envelopeOf(z.null()) } },
    preHandler,
    handler: async (request) => ok(await deps.cards.remove(request.auth!.user, request.body.cardId)),
  });

  routes.post(`${API_BASE}${PATHS.listWallet}`, {
    schema: { tags: ['wallets'], summary: 'Saved wallet addresses, default first', headers, body: listWalletRequestSchema.optional(), response: { 200: envelopeOf(listWalletResultSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.wallets.list(request.auth!.user, request.body ?? {})),
  });

  routes.post(`${API_BASE}${PATHS.addWallet}`, {
    schema: { tags: ['wallets'], summary: 'Save a wallet address (validated for its network and screened)', headers, body: addWalletRequestSchema, response: { 200: envelopeOf(walletSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.wallets.add(request.auth!.user, request.body)),
  });

  routes.post(`${API_BASE}${PATHS.deleteWallet}`, {
    schema: { tags: ['wallets'], summary: 'Delete a saved wallet (never the default one)', headers, body: walletIdRequestSchema, response: { 200: envelopeOf(z.null()) } },
    preHandler,
    handler: async (request) => ok(await deps.wallets.remove(request.auth!.user, request.body.walletId)),
  });

  routes.post(`${API_BASE}${PATHS.setDefaultWallet}`, {
    schema: { tags: ['wallets'], summary: 'Make a saved wallet the default of its asset and network', headers, body: walletIdRequestSchema, response: { 200: envelopeOf(walletSchema) } },
    preHandler,
    handler: async (request) => ok(await deps.wallets.setDefault(request.auth!.user, request.body.walletId)),
  });
}
