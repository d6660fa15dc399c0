export { KYC_LIMIT_TIERS, LIMIT_CURRENCY, periodStarts, type SpentInPeriods } from './kyc-limits.ts';
export { type KycFace, type Verification } from './kyc.module.ts';
export { kycModule } from './register.ts';
export { type AmountRangeOf } from './kyc.routes.ts';
