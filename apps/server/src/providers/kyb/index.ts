export type { CompanyReview, KybCompanySubmission, KybEddSubmission, KybProvider, KybWebhookEvent } from './kyb-provider.ts';
export { SANDBOX_KYB_WEBHOOK_PATH } from './sandbox/sandbox-kyb.ts';
