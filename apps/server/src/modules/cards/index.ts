export { createCardService, isExpired } from './card.service.ts';
export { createCardsRepository, type CardsRepository } from './cards.repository.ts';
