export { LIMIT_CURRENCY, type LimitPeriod, type LimitTier, periodStarts, type SpentInPeriods, tierOf } from './kyc-limits.ts';
export { type LimitSettings, type LimitTierListing, type LimitTierSource } from './limit-settings.ts';
export { type KycFace, type KycRiskFacts, type Verification } from './kyc.module.ts';
export { kycModule } from './register.ts';
export { type AmountRangeOf } from './kyc.routes.ts';
