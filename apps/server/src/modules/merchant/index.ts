export { createMerchantTransactionsRepository, type MerchantTransactionsRepository } from './merchant-transactions.repository.ts';
export { createMerchantTransactionService, type MerchantTransactionService } from './merchant-transactions.service.ts';
export { type MerchantModule } from './merchant.module.ts';
