export { type MerchantTransactionService, type TransactionRecords, type TransactionTerms } from './merchant-transactions.service.ts';
export { type MerchantFace } from './merchant.module.ts';
export { merchantModule } from './register.ts';
export { type MerchantOrderChange } from './webhooks/merchant-webhooks.service.ts';
export { DEMO_WEBHOOK_ENDPOINT } from './webhooks/demo-webhook-endpoint.ts';
export { DEMO_MERCHANT } from './demo-merchant.ts';
export { ownOrigins } from './demo-allowed-origin.ts';
