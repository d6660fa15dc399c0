export { KYC_LIMIT_TIERS, LIMIT_CURRENCY, periodStarts, type SpentInPeriods } from './kyc-limits.ts';
export { type Verification } from './kyc.module.ts';
