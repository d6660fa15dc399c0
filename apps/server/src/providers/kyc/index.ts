export type { KycProvider } from './kyc-provider.ts';
export type { SandboxKyc } from './sandbox/sandbox-kyc.ts';
