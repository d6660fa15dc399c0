import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type Config, ConfigError } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createIdentityModule } from './modules/identity/identity.module.ts';
import { registerUnlockRoutes } from './modules/identity/unlock.routes.ts';
import { registerAuthenticatorRoutes } from './modules/identity/authenticator.routes.ts';
import { registerIdentityRoutes } from './modules/identity/identity.routes.ts';
import { registerPasswordRoutes } from './modules/identity/password.routes.ts';
import { registerSignInSupportRoutes } from './modules/identity/sign-in-support.routes.ts';
import { registerClientLogRoutes } from './modules/identity/client-log.routes.ts';
import { API_BASE, PATHS } from '@causeway/contracts';
import { createKycModule } from './modules/kyc/kyc.module.ts';
import { registerKycRoutes } from './modules/kyc/kyc.routes.ts';
import { registerKycWebhookRoutes } from './modules/kyc/kyc-webhook.routes.ts';
import { registerKycVerificationRoutes } from './modules/sandbox/kyc-verification.routes.ts';
import { registerLocalFileRoutes } from './modules/uploads/local-files.routes.ts';
import { registerUploadHandoffRoutes } from './modules/uploads/upload-handoff.routes.ts';
import { createUploadHandoffRepository } from './modules/uploads/upload-handoff.repository.ts';
import { createUploadHandoffService } from './modules/uploads/upload-handoff.service.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createDocumentUploadsRepository } from './modules/uploads/document-uploads.repository.ts';
import { registerUploadHousekeeping } from './modules/uploads/uploads.housekeeping.ts';
import { createStorageProvider, uploadOrigins } from './providers/storage/index.ts';
import { createKycProvider } from './providers/kyc/index.ts';
import { createJobQueueRepository } from './jobs/job-queue.repository.ts';
import { createJobWorker } from './jobs/job-worker.ts';
import { createWorkerPresence } from './jobs/worker-presence.ts';
import { createMerchantModule } from './modules/merchant/merchant.module.ts';
import { registerMerchantLoginRoutes } from './modules/merchant/merchant-login.routes.ts';
import { createBotCheckProvider } from './providers/bot-check/index.ts';
import { registerBotCheckRoutes } from './modules/bot-check/bot-check.routes.ts';
import { createGeoProvider } from './providers/geo/index.ts';
import { registerMailboxRoutes } from './modules/sandbox/mailbox.routes.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { registerClientIpKey } from './platform/client-ip-key.ts';
import { createRateLimiter } from './platform/rate-limit.repository.ts';
import { registerRateLimitHousekeeping } from './platform/rate-limit.housekeeping.ts';
import { loadServerSecret } from './platform/server-secret.repository.ts';
import { createMailProvider } from './providers/mail/index.ts';
import { createSandboxOutbox } from './providers/mail/sandbox-outbox.repository.ts';
import { registerEntryRoutes } from './modules/entry/entry.routes.ts';
import { registerLegalRoutes } from './modules/legal/legal.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerReferenceRoutes } from './modules/reference/reference.routes.ts';
import { registerTranslationRoutes } from './modules/translations/translations.routes.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { createLoggerOptions, requestIdOptions } from './platform/logging.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerWebApp } from './platform/web-app.ts';
import { createTranslationsProvider } from './providers/translations/index.ts';
import { cardFingerprintKey } from './modules/orders/card.service.ts';
import { createCardEntry } from './modules/orders/card-entry.ts';
import { registerCardAndWalletRoutes } from './modules/orders/cards.routes.ts';
import { createOrdersModule } from './modules/orders/orders.module.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { registerSandboxLedgerRoutes } from './modules/sandbox/ledger.routes.ts';
import { registerSandboxThreeDsRoutes } from './modules/sandbox/three-ds.routes.ts';
import { registerSandboxCardFieldsRoutes } from './modules/sandbox/card-fields.routes.ts';
import { createAddressScreening } from './providers/address-screening/index.ts';
import { registerOnChainRoutes } from './modules/on-chain/on-chain.routes.ts';
import { registerRiskRoutes } from './modules/risk/risk.routes.ts';
import { checkoutEnvironmentOf, createCardProcessor } from './providers/card-processor/index.ts';
import { createChainProvider, parseBitgoWalletIds } from './providers/chain/index.ts';
import { createPriceFeed } from './providers/prices/index.ts';
import { createHelpDesk } from './providers/help-desk/index.ts';
import { hasSandboxTools, isProduction, unallowedSandboxes } from './platform/deployment-mode.ts';
import { registerHelpRoutes } from './modules/help/help.routes.ts';
import { createHelpService } from './modules/help/help.service.ts';
import { registerHelpSiteRoutes } from './modules/help/help-site.routes.ts';
import { registerHelpDeskOperatorRoutes } from './modules/help/help-desk-operator.routes.ts';
import { createOperatorAttemptsRepository } from './platform/operator-attempts.repository.ts';
import { createOperatorPassword } from './platform/operator-password.ts';
import { registerOperatorReviewRoutes } from './modules/orders/operator-review.routes.ts';

export const APP_VERSION = '0.1.0';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go; tests pass a stream to read them. Defaults to stdout. */
  logStream?: DestinationStream;
  /** The time every rule reads; tests pass a manual clock. */
  clock?: Clock;
}

/** Builds the whole server: platform plugins first, then every module's routes. Does not listen. */
export async function buildApp({ config, database, logStream, clock = systemClock }: BuildAppOptions): Promise<FastifyInstance> {
  const loggerOptions = createLoggerOptions(config.LOG_LEVEL);
  const app = Fastify({
    ...requestIdOptions,
    logger: logStream ? { ...loggerOptions, stream: logStream } : loggerOptions,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every per-IP limit counts a client as request.ipKey (an IPv6 client by its /64).
  registerClientIpKey(app);

  // Chosen first: the CSP lets Google's reCAPTCHA script in only when that check runs.
  const botCheck = createBotCheckProvider(config);
  // Production's PUBLIC_URL is https (config.ts), so HSTS goes on every answer there.
  const production = isProduction(config);
  registerSecurityHeaders(app, config.FRAME_ANCESTORS, { recaptcha: botCheck.kind === 'recaptcha', sumsub: Boolean(config.SUMSUB_APP_TOKEN), connectSources: uploadOrigins(config), alwaysHsts: production,
    // Checkout.com's Flow (its script, card-field iframes and API calls) only when Checkout.com takes the cards.
    checkoutFlow: config.CARD_PROCESSOR === 'checkout',
    // Zendesk article bodies show images from the help centre's own host.
    imageSources: config.HELP_DESK === 'zendesk' && config.ZENDESK_URL ? [new URL(config.ZENDESK_URL).origin] : [],
  });
  await registerOpenApi(app, APP_VERSION);
  const serveSpa = await registerWebApp(app, config.WEB_DIST);
  registerErrorHandling(app, serveSpa);

  registerHealthRoutes(app, database.db, database.kind, APP_VERSION);
  registerReferenceRoutes(app, database.db);
  // The operator's own legal pages replace our default ones (modules/legal) wherever they are linked.
  const legalUrls = { terms: config.TERMS_URL, privacy: config.PRIVACY_URL, cookies: config.COOKIES_URL };
  registerEntryRoutes(app, database.db, { legalUrls });
  registerLegalRoutes(app, { legalUrls });
  registerTranslationRoutes(app, createTranslationsProvider(config), config.TRANSLATIONS_API_KEY);

  const queue = createJobQueueRepository(database.db);
  const jobs = createJobWorker({
    queue, clock, log: app.log, pollMs: config.JOB_POLL_MS, leaseMs: config.JOB_LEASE_MS,
    presence: createWorkerPresence({ database, queue, clock, log: app.log }),
  });
  app.decorate('jobs', jobs);
  const mail = createMailProvider(config, database.db, clock);
  const serverSecret = await loadServerSecret(database.db, config.SECRET_KEY);
  const rateLimiter = createRateLimiter(database.db);
  const rateLimitHousekeeping = registerRateLimitHousekeeping({ worker: jobs, queue, rateLimiter, clock });
  const identity = createIdentityModule(app, { db: database.db, clock, mail, rateLimiter, serverSecret, publicUrl: config.PUBLIC_URL });
  registerIdentityRoutes(app, identity, botCheck);
  registerBotCheckRoutes(app, botCheck, config.RECAPTCHA_SITE_KEY);
  registerAuthenticatorRoutes(app, identity);
  registerPasswordRoutes(app, identity, botCheck);
  const geo = createGeoProvider(config);
  registerUnlockRoutes(app, { unlock: identity.unlock, rateLimiter, clock });
  registerSignInSupportRoutes(app, { identity, geo, clock, botCheck });
  const clientLog = registerClientLogRoutes(app, { db: database.db, rateLimiter, guard: identity.guard, queue, worker: jobs, clock });
  // A merchant's shared KYC is imported by the KYC module, built below (called only after start-up).
  const merchants = createMerchantModule({ db: database.db, serverSecret, identity, clock, rateLimiter, shareKyc: (userId, shareToken) => kyc.sharedKyc.request(userId, shareToken) });
  registerMerchantLoginRoutes(app, merchants.login, botCheck);
  // Sandbox pages exist only while the matching sandbox provider is active (sandbox.md). In
  // production the tools never exist (an allowed sandbox mail keeps its outbox unread: anyone
  // could read anyone's codes); an allowed sandbox keeps only the vendor-like page a person's flow needs.
  if (mail.kind === 'sandbox' && !production) registerMailboxRoutes(app, createSandboxOutbox(database.db));

  // The sandbox vendor posts its webhooks through our own HTTP intake, signature and all.
  const deliver = async (body: string, headers: Record<string, string>) =>
    (await app.inject({ method: 'POST', url: `${API_BASE}${PATHS.kycWebhook}`, payload: body, headers })).statusCode;
  const { provider: kycProvider, sandbox: sandboxKyc } = createKycProvider(config, { db: database.db, queue, worker: jobs, clock, serverSecret, deliver });
  // Document uploads (sign-upload): presigned PUTs to S3, or to our own signed /uploads URLs.
  const { provider: storage, local: localFiles } = createStorageProvider(config, { serverSecret, clock });
  const kyc = createKycModule({
    db: database.db, queue, worker: jobs, identity, provider: kycProvider, storage, clock, levelName: config.KYC_LEVEL_NAME, flowVersion: config.KYC_FLOW_VERSION, log: app.log,
    // What a person spent comes from their orders, built below (called only after start-up).
    spentInPeriods: (userId, now) => orders.spentInPeriods(userId, now),
  });
  registerKycWebhookRoutes(app, { provider: kycProvider, repository: kyc.repository, clock, rateLimiter });
  // A pair's amount range is the quote's limits, from the orders module built below (called only after start-up).
  registerKycRoutes(app, { kyc, identity, geo, rateLimiter, clock, amountRange: (userId, pair) => orders.quotes.amountRange(userId, pair) });
  // The verification page is the vendor's; share tokens for anyone who asks are a sandbox tool.
  if (sandboxKyc) registerKycVerificationRoutes(app, sandboxKyc, { shareTokens: !production });
  const uploads = createUploadsService({ storage, documents: createDocumentUploadsRepository(database.db), rateLimiter, clock });
  const uploadHousekeeping = registerUploadHousekeeping({ worker: jobs, queue, uploads, clock });
  registerUploadRoutes(app, { uploads, identity });
  const handoffs = createUploadHandoffService({ repository: createUploadHandoffRepository(database.db), storage, uploads, clock });
  registerUploadHandoffRoutes(app, { handoffs, identity, publicUrl: config.PUBLIC_URL, rateLimiter, clock });
  if (localFiles) registerLocalFileRoutes(app, { storage: localFiles, uploads, rateLimiter, clock });

  // Cards, quotes and orders (issue 5). Sandbox URLs stay relative without PUBLIC_URL, so the
  // bank's page and the way back keep the origin the person uses (and their session).
  const publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  const { provider: processor, sandbox: sandboxProcessor } = createCardProcessor({
    kind: config.CARD_PROCESSOR, db: database.db, clock, publicUrl, fingerprintKey: cardFingerprintKey(serverSecret),
    ...(config.CHECKOUT_SECRET_KEY && config.CHECKOUT_PUBLIC_KEY ? { checkout: { secretKey: config.CHECKOUT_SECRET_KEY, publicKey: config.CHECKOUT_PUBLIC_KEY, baseUrl: config.CHECKOUT_BASE_URL, processingChannelId: config.CHECKOUT_PROCESSING_CHANNEL_ID } } : {}),
  });
  const chain = createChainProvider({
    kind: config.CHAIN_PROVIDER, db: database.db, clock, sandboxConfirmMs: config.SANDBOX_CHAIN_CONFIRM_MS,
    bitgo: { accessToken: config.BITGO_ACCESS_TOKEN, baseUrl: config.BITGO_EXPRESS_URL, walletPassphrase: config.BITGO_WALLET_PASSPHRASE, walletIds: config.BITGO_WALLET_IDS ? parseBitgoWalletIds(config.BITGO_WALLET_IDS) : {} },
  });
  const screening = createAddressScreening({ kind: config.ADDRESS_SCREENING, chainalysisApiKey: config.CHAINALYSIS_API_KEY, chainalysisBaseUrl: config.CHAINALYSIS_API_URL });
  const prices = createPriceFeed({ kind: config.PRICE_FEED, clock, seed: config.SANDBOX_PRICE_SEED, maxAgeMs: config.PRICE_MAX_AGE_MS, ...(config.KRAKEN_API_URL ? { krakenBaseUrl: config.KRAKEN_API_URL } : {}) });
  // config.ts already refused these; this looks at what the factories actually chose.
  const refused = unallowedSandboxes(config, { mail, geo, 'bot-check': botCheck, kyc: kycProvider, prices, 'card-processor': processor, chain, 'address-screening': screening });
  if (refused.length > 0) throw new ConfigError(refused.map((name) => `the sandbox ${name} is refused in production (CAUSEWAY_ENV=production): configure the real one, or allow it with ALLOW_SANDBOX=${name}`));
  const orders = createOrdersModule({
    db: database.db, queue, worker: jobs, identity, kyc: kyc.repository, prices, processor, chain, screening, mail, clock, log: app.log, publicUrl,
    chainConfirmPollMs: Math.max(250, Math.min(config.SANDBOX_CHAIN_CONFIRM_MS, 10_000)), payoutConfirmDeadlineMs: config.PAYOUT_CONFIRM_DEADLINE_MS, merchants,
  });
  registerOrderRoutes(app, { quotes: orders.quotes, orders: orders.orders, transactions: orders.merchantTransactions, identity });
  // Where the card is typed: the processor's hosted fields, so no card number ever reaches our API.
  const cardFields = sandboxProcessor
    ? { processor: 'sandbox' as const, fieldsUrl: '/sandbox/card-fields' }
    : { processor: 'checkout' as const, publicKey: config.CHECKOUT_PUBLIC_KEY ?? '', environment: checkoutEnvironmentOf(config.CHECKOUT_BASE_URL) };
  const cardEntry = createCardEntry({ processor, geo, rateLimiter, clock, publicUrl, log: app.log });
  registerCardAndWalletRoutes(app, { cards: orders.cards, wallets: orders.wallets, identity, cardFields, cardEntry });
  registerRiskRoutes(app, { identity, clock });
  registerOnChainRoutes(app, { identity, screening, gtrEnabled: config.GTR_ENABLED, vasps: config.TRAVEL_RULE_VASPS });
  if (sandboxProcessor) {
    registerSandboxThreeDsRoutes(app, sandboxProcessor);
    registerSandboxCardFieldsRoutes(app, { processor: sandboxProcessor, rateLimiter, clock });
    if (!production) registerSandboxLedgerRoutes(app, orders);
  }
  app.decorate('orders', orders);

  // The operator pages (server-rendered, HTTP Basic): one password per scope, each with its own
  // brute-force limit shared by every page behind it. Open only on a sandbox install.
  const operatorAttempts = createOperatorAttemptsRepository(database.db);
  const operatorPassword = createOperatorPassword({ password: config.OPERATOR_PASSWORD, scope: 'operator', rateLimiter, attempts: operatorAttempts, clock });
  // Orders awaiting an operator: in production too, since /sandbox/ledger is not there.
  if (hasSandboxTools(config) || config.OPERATOR_PASSWORD) registerOperatorReviewRoutes(app, { orders: orders.repository, operator: operatorPassword });
  else if (production) app.log.warn('no operator page for orders awaiting an operator (payouts past their deadline): set OPERATOR_PASSWORD');

  // The help widget's desk (issue 6). The built-in one also serves its help site, and its
  // tickets to the operator: openly on a sandbox install, else only behind the operator password.
  const { provider: helpDesk, builtin: builtinDesk } = createHelpDesk({
    kind: config.HELP_DESK, db: database.db, clock, publicUrl,
    zendesk: { url: config.ZENDESK_URL, email: config.ZENDESK_EMAIL, apiToken: config.ZENDESK_API_TOKEN, sourceFieldId: config.ZENDESK_SOURCE_FIELD_ID },
  });
  registerHelpRoutes(app, { identity, help: createHelpService(helpDesk), desk: helpDesk.kind, rateLimiter, clock });
  if (builtinDesk) {
    registerHelpSiteRoutes(app, helpDesk);
    // Its own password when HELP_DESK_OPERATOR_PASSWORD is another one (help desk agents need not see orders), else OPERATOR_PASSWORD's and its count.
    const helpDeskPassword = config.HELP_DESK_OPERATOR_PASSWORD && config.HELP_DESK_OPERATOR_PASSWORD !== config.OPERATOR_PASSWORD
      ? createOperatorPassword({ password: config.HELP_DESK_OPERATOR_PASSWORD, scope: 'help-desk-operator', rateLimiter, attempts: operatorAttempts, clock })
      : operatorPassword;
    if (hasSandboxTools(config) || config.HELP_DESK_OPERATOR_PASSWORD || config.OPERATOR_PASSWORD) {
      registerHelpDeskOperatorRoutes(app, { repository: builtinDesk, operator: helpDeskPassword });
    }
  }

  await orders.scheduleHousekeeping();
  await clientLog.scheduleHousekeeping();
  await rateLimitHousekeeping.scheduleHousekeeping();
  await uploadHousekeeping.scheduleHousekeeping();
  await jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
  });
  return app;
}
