import path from 'node:path';
import { paths } from '../../config.ts';
import { defineLeafModule } from '../../platform/server-module.ts';
import { sandboxChainOf } from '../../providers/chain/index.ts';
import { registerSandboxBankRoutes } from './bank.routes.ts';
import { registerSandboxCardDisputeRoutes } from './card-disputes.routes.ts';
import { registerSandboxCardFieldsRoutes } from './card-fields.routes.ts';
import { registerSandboxChainRoutes } from './chain.routes.ts';
import { registerSandboxKlarnaRoutes } from './klarna-widget.routes.ts';
import { registerKycVerificationRoutes } from './kyc-verification.routes.ts';
import { registerMailboxRoutes } from './mailbox.routes.ts';
import { createMerchantReceiverRepository } from './merchant-receiver.repository.ts';
import { registerMerchantReceiverRoutes } from './merchant-receiver.routes.ts';
import { registerSandboxOauthRoutes } from './oauth-idp.routes.ts';
import { registerSandboxMerchantPageRoutes } from './sandbox-merchant.routes.ts';
import { DEMO_WEBHOOK_ENDPOINT, ownOrigins } from '../merchant/index.ts';
import { registerSandboxThreeDsRoutes } from './three-ds.routes.ts';
import { registerSandboxServiceModeRoutes } from './service-modes.routes.ts';

/**
 * The sandbox vendors' own pages (docs/sandbox.md), each only while its sandbox provider is active.
 * In production the tools never exist (an allowed sandbox mail keeps its outbox unread: anyone could
 * read anyone's codes); an allowed sandbox keeps only the vendor-like page a person's flow needs.
 */
export const sandboxModule = defineLeafModule(
  'sandbox',
  ({ app, db, providers, production, rateLimiter, clock, config, faces, sandboxTools, publicUrl }) => {
    if (providers.mail.selfHosted && !production) registerMailboxRoutes(app, providers.mail.selfHosted);
    // The verification page is the vendor's; share tokens for anyone who asks are a sandbox tool.
    if (providers.kyc.selfHosted) registerKycVerificationRoutes(app, providers.kyc.selfHosted, { shareTokens: !production });
    const sandboxProcessor = providers['card-processor'].selfHosted;
    if (sandboxProcessor) {
      registerSandboxThreeDsRoutes(app, sandboxProcessor);
      registerSandboxCardFieldsRoutes(app, { processor: sandboxProcessor, rateLimiter, clock });
      // Chargebacks on demand are the card scheme's doing, played by a tool: never a vendor page a person's flow needs.
      if (sandboxTools && !production) registerSandboxCardDisputeRoutes(app, sandboxProcessor);
    }
    // Sending funds that never existed is a tool, never a vendor page: not in production even where the sandbox chain is allowed.
    const sandboxChain = sandboxChainOf(providers.chain.provider);
    if (sandboxChain && !production) registerSandboxChainRoutes(app, sandboxChain);
    // The same for money that arrives by bank transfer: a tool, never a vendor page.
    const sandboxBank = providers.bank.selfHosted;
    if (sandboxBank && !production)
      registerSandboxBankRoutes(app, {
        bank: sandboxBank,
        settleMs: config.SANDBOX_BANK_SETTLE_MS,
        payerNameFor: (reference) => faces.get('banking').nameOfReferenced(reference),
      });
    // The demo merchant's webhook endpoint: a merchant's server, played by a tool.
    if (sandboxTools && !production)
      registerMerchantReceiverRoutes(app, {
        repository: createMerchantReceiverRepository(db),
        secret: DEMO_WEBHOOK_ENDPOINT.secret,
        clock,
      });
    // The demo merchant's website and its server, played by a tool: the checkout through the SDK, its events and webhooks.
    if (sandboxTools && !production)
      registerSandboxMerchantPageRoutes(app, {
        publicUrl,
        // PUBLIC_URL's, or the loopback ones of the port the server listens on (known only once it does).
        allowedOrigins: () => {
          const address = app.server.address();
          return ownOrigins(publicUrl, address && typeof address === 'object' ? address.port : 0);
        },
        sdkDist: path.join(paths.repoRoot, 'packages/sdk/dist'),
        clock,
      });
    // Each mode's maintenance switch and UK opening, turned as an operator would: a tool, never in production.
    if (sandboxTools && !production) registerSandboxServiceModeRoutes(app, faces.get('availability'));
    // The Klarna widget is the vendor's page a Klarna payment passes through.
    if (providers.klarna.selfHosted) registerSandboxKlarnaRoutes(app, providers.klarna.selfHosted);
    // The sandbox identity provider's pages are the vendor's a person's sign-in passes through (kept where ALLOW_SANDBOX=oauth).
    if (providers.oauth.selfHosted) registerSandboxOauthRoutes(app, providers.oauth.selfHosted);
  },
);
