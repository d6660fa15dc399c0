export { isExpired } from './card.service.ts';
export { createCardsModule, type CardsModule } from './cards.module.ts';
export { type SavedCard, type SavedCards } from './saved-card.ts';
