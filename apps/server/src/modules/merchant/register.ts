import { defineModule } from '../../platform/server-module.ts';
import { createMerchantConsoleService } from './console/merchant-console.service.ts';
import { registerMerchantConsoleRoutes } from './console/merchant-console.routes.ts';
import { registerMerchantFrameAncestors } from './frame-ancestors.ts';
import { ownOrigins, seedDemoAllowedOrigin } from './demo-allowed-origin.ts';
import { merchantSecretKey } from './merchant-entry.ts';
import { registerMerchantBindRoutes } from './merchant-bind.routes.ts';
import { registerMerchantLoginRoutes } from './merchant-login.routes.ts';
import { createMerchantModule, type MerchantFace } from './merchant.module.ts';
import { DEMO_WEBHOOK_ENDPOINT, seedDemoWebhookEndpoint } from './webhooks/demo-webhook-endpoint.ts';
import { JOB_DELIVER_MERCHANT_WEBHOOK, type MerchantWebhooksService } from './webhooks/merchant-webhooks.service.ts';

declare module '../../platform/server-module.ts' {
  interface ModuleFaces {
    merchant: MerchantFace;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests reach the merchants' webhooks through it (as `app.orders`); the merchant console will call them. */
    merchants: { webhooks: MerchantWebhooksService };
  }
}

/** Merchants' signed entries, their customers' sign-in, their transactions and their webhooks. */
export const merchantModule = defineModule('merchant', (context) => {
  const { app, db, serverSecret, clock, rateLimiter, providers, faces, jobs } = context;
  // A merchant's shared KYC is imported by the KYC module, registered after this one (called only once the server runs).
  const kyc = faces.later('kyc');
  const merchants = createMerchantModule({
    db,
    serverSecret,
    identity: faces.get('identity'),
    clock,
    rateLimiter,
    queue: context.queue,
    transaction: context.unitOfWork.transaction,
    sandboxEndpoints: !context.production,
    shareKyc: (userId, shareToken, merchantId, merchantUserId) => kyc().shareKyc(userId, shareToken, merchantId, merchantUserId),
  });
  registerMerchantLoginRoutes(app, merchants.login, providers['bot-check'].provider);
  registerMerchantBindRoutes(app, merchants.binding);
  const frameAncestors = registerMerchantFrameAncestors(app, { allowedOrigins: merchants.consoleRepository.allAllowedOrigins, clock });
  registerMerchantConsoleRoutes(
    app,
    createMerchantConsoleService({
      repository: merchants.consoleRepository,
      webhooks: merchants.webhooks,
      identity: faces.get('identity'),
      transaction: context.unitOfWork.transaction,
      secretKey: merchantSecretKey(serverSecret),
      keyPrefix: context.production ? 'live' : 'sandbox',
      clock,
      onOriginsChanged: frameAncestors.invalidate,
    }),
  );
  jobs.register(JOB_DELIVER_MERCHANT_WEBHOOK, (payload) => merchants.webhooks.attempt((payload as { deliveryId: string }).deliveryId));
  // The demo merchant lives at this server's own address: its webhook endpoint is the sandbox receiver (on where
  // the sandbox tools are, off elsewhere), and on a sandbox its allowed origins are where the sandbox merchant page
  // is. The frame-ancestors cache is dropped, since the list may have changed.
  const placeDemoMerchant = async (origins: readonly string[]) => {
    await seedDemoWebhookEndpoint(merchants.webhooksRepository, merchants.webhooks.sealSecret, {
      url: `${origins[0] ?? ''}${DEMO_WEBHOOK_ENDPOINT.path}`,
      enabled: context.sandboxTools,
      now: clock.now(),
    });
    if (!context.sandboxTools) return;
    await seedDemoAllowedOrigin(
      { origins: merchants.consoleRepository, merchantExists: merchants.webhooksRepository.merchantExists },
      { origins, now: clock.now() },
    );
    frameAncestors.invalidate();
  };
  context.onReady(() => placeDemoMerchant(context.publicUrl ? ownOrigins(context.publicUrl, 0) : []));
  // Without PUBLIC_URL the address is known once the server listens (PORT may be 0: any free port).
  if (!context.publicUrl && context.sandboxTools)
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object') await placeDemoMerchant(ownOrigins('', address.port));
    });
  app.decorate('merchants', { webhooks: merchants.webhooks });
  return {
    transactions: merchants.transactions,
    transactionRecords: merchants.transactionRecords,
    webhooks: { orderChanged: merchants.webhooks.orderChanged, kycChanged: merchants.webhooks.kycChanged },
    recordSharedKycMismatch: merchants.binding.recordSharedKycMismatch,
    linksOf: (userId) => merchants.repository.linksOfUser(userId),
  };
});
