/** The risk module's face: what the app registers, and what the orders and the desk read. */
export { riskModule } from './register.ts';
export { type RiskFace } from './risk-face.ts';
export { type AppropriatenessRecord, type RecordedAnswer } from './appropriateness-view.ts';
