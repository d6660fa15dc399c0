import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CardProcessorProvider } from '../../providers/card-processor/card-processor.ts';
import { createCardService } from './card.service.ts';
import { createCardsRepository } from './cards.repository.ts';
import type { SavedCards } from './saved-card.ts';

/** Saved cards: the person's list, adding and deleting (the routes), and the lookup orders pay with. */
export function createCardsModule(deps: { db: Database; processor: CardProcessorProvider; clock: Clock }) {
  const repository = createCardsRepository(deps.db);
  const savedCards: SavedCards = repository;
  return { service: createCardService({ cards: repository, processor: deps.processor, clock: deps.clock }), savedCards };
}

export type CardsModule = ReturnType<typeof createCardsModule>;
