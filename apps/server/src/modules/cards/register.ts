import { defineModule } from '../../platform/server-module.ts';
import { checkoutEnvironmentOf } from '../../providers/card-processor/index.ts';
import { createCardEntry } from './card-entry.ts';
import { createCardsModule } from './cards.module.ts';
import { registerCardRoutes } from './cards.routes.ts';
import type { SavedCards } from './saved-card.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    cards: { savedCards: SavedCards };
  }
}

/** Saved cards: listing, adding through the processor's hosted fields, deleting; orders pay with them. */
export const cardsModule = defineModule('cards', ({ app, db, config, providers, rateLimiter, clock, publicUrl }) => {
  const { provider: processor, selfHosted: sandboxProcessor } = providers['card-processor'];
  const cards = createCardsModule({ db, processor, clock });
  // Where the card is typed: the processor's hosted fields, so no card number ever reaches our API.
  const cardFields = sandboxProcessor
    ? { processor: 'sandbox' as const, fieldsUrl: '/sandbox/card-fields' }
    : {
        processor: 'checkout' as const,
        publicKey: config.CHECKOUT_PUBLIC_KEY ?? '',
        environment: checkoutEnvironmentOf(config.CHECKOUT_SECRET_KEY, config.CHECKOUT_BASE_URL),
      };
  const cardEntry = createCardEntry({ processor, geo: providers.geo.provider, rateLimiter, clock, publicUrl, log: app.log });
  registerCardRoutes(app, { cards: cards.service, cardFields, cardEntry });
  return { savedCards: cards.savedCards };
});
