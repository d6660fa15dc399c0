/** The edd module's face: what the app registers, and what other modules may use of it. */
export { eddModule, type EddFace } from './register.ts';
export type { EddCaseView, EddChange, EddDecision, RiskRatingView, EddAnswerView } from './edd-review.ts';
