export * from './reference.ts';
export * from './identity.ts';
export * from './platform.ts';
export * from './merchant.ts';
export * from './jobs.ts';
export * from './kyc.ts';
export * from './uploads.ts';
export * from './ledger.ts';
