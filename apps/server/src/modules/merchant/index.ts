export { type MerchantTransactionService, type TransactionRecords, type TransactionTerms } from './merchant-transactions.service.ts';
export { type MerchantFace } from './merchant.module.ts';
export { merchantModule } from './register.ts';
