import { defineModule } from '../../platform/server-module.ts';
import { registerMerchantLoginRoutes } from './merchant-login.routes.ts';
import { createMerchantModule, type MerchantFace } from './merchant.module.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    merchant: MerchantFace;
  }
}

/** Merchants' signed entries, their customers' sign-in and their transactions. */
export const merchantModule = defineModule('merchant', ({ app, db, serverSecret, clock, rateLimiter, providers, faces }) => {
  // A merchant's shared KYC is imported by the KYC module, registered after this one (called only once the server runs).
  const kyc = faces.later('kyc');
  const merchants = createMerchantModule({
    db,
    serverSecret,
    identity: faces.get('identity'),
    clock,
    rateLimiter,
    shareKyc: (userId, shareToken) => kyc().shareKyc(userId, shareToken),
  });
  registerMerchantLoginRoutes(app, merchants.login, providers['bot-check'].provider);
  return { transactions: merchants.transactions, transactionRecords: merchants.transactionRecords };
});
