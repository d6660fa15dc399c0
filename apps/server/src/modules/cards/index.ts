export { cardFingerprintKey, isExpired } from './card.service.ts';
export { type SavedCard, type SavedCards } from './saved-card.ts';
export { cardsModule } from './register.ts';
