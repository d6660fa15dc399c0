export { KYC_LIMIT_TIERS, LIMIT_CURRENCY, periodStarts, type SpentInPeriods } from './kyc-limits.ts';
export { type KycRepository } from './kyc.repository.ts';
