export { type DeskFace } from './desk-face.ts';
export { type DeskAction, type DeskActor, type DeskOperator } from './desk-actions.ts';
export { type DeskAccess, type DeskHandler } from './desk-calls.ts';
export { deskModule } from './register.ts';
export { type VerificationReviews, type WaitingReview } from './verification-calls.ts';
