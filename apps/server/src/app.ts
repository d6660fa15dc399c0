import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
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
import { createWebhookIntake } from './platform/webhook-intake.ts';
import { registerKycVerificationRoutes } from './modules/sandbox/kyc-verification.routes.ts';
import { registerLocalFileRoutes } from './modules/uploads/local-files.routes.ts';
import { registerUploadHandoffRoutes } from './modules/uploads/upload-handoff.routes.ts';
import { createUploadHandoffRepository } from './modules/uploads/upload-handoff.repository.ts';
import { createUploadHandoffService } from './modules/uploads/upload-handoff.service.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createDocumentUploadsRepository } from './modules/uploads/document-uploads.repository.ts';
import { registerUploadHousekeeping } from './modules/uploads/uploads.housekeeping.ts';
import { uploadOrigins } from './providers/storage/index.ts';
import { createJobQueueRepository } from './jobs/job-queue.repository.ts';
import { createJobWorker } from './jobs/job-worker.ts';
import { createWorkerPresence } from './jobs/worker-presence.ts';
import { createMerchantModule } from './modules/merchant/merchant.module.ts';
import { registerMerchantLoginRoutes } from './modules/merchant/merchant-login.routes.ts';
import { registerBotCheckRoutes } from './modules/bot-check/bot-check.routes.ts';
import { registerMailboxRoutes } from './modules/sandbox/mailbox.routes.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { registerClientIpKey } from './platform/client-ip-key.ts';
import { enforceCallerKinds } from './platform/calls.ts';
import { createRateLimiter } from './platform/rate-limit.repository.ts';
import { registerRateLimitHousekeeping } from './platform/rate-limit.housekeeping.ts';
import { loadServerSecret } from './platform/server-secret.repository.ts';
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
import { chooseProviders } from './providers/provider-kinds.ts';
import { createProviders } from './providers/registry.ts';
import { cardFingerprintKey } from './modules/cards/card.service.ts';
import { createCardEntry } from './modules/cards/card-entry.ts';
import { registerCardRoutes } from './modules/cards/cards.routes.ts';
import { registerWalletRoutes } from './modules/wallets/wallets.routes.ts';
import { createCardsModule } from './modules/cards/index.ts';
import { createWalletsModule } from './modules/wallets/index.ts';
import { createOrdersModule } from './modules/orders/orders.module.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { registerSandboxLedgerRoutes } from './modules/orders/sandbox-ledger.routes.ts';
import { registerSandboxThreeDsRoutes } from './modules/sandbox/three-ds.routes.ts';
import { registerSandboxCardFieldsRoutes } from './modules/sandbox/card-fields.routes.ts';
import { registerOnChainRoutes } from './modules/on-chain/on-chain.routes.ts';
import { registerRiskRoutes } from './modules/risk/risk.routes.ts';
import { checkoutEnvironmentOf } from './providers/card-processor/index.ts';
import { hasSandboxTools, isProduction } from './platform/deployment-mode.ts';
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
  // Before any route: a route without a caller kind cannot be registered, and a session call gets its guard.
  const callers = enforceCallerKinds(app);

  // Read first (the providers are built below): the CSP lets in only the outside vendors that run.
  const vendors = chooseProviders(config);
  // Production's PUBLIC_URL is https (config.ts), so HSTS goes on every answer there.
  const production = isProduction(config);
  registerSecurityHeaders(app, config.FRAME_ANCESTORS, {
    recaptcha: vendors['bot-check'] === 'recaptcha',
    sumsub: vendors.kyc === 'sumsub',
    connectSources: uploadOrigins(config),
    alwaysHsts: production,
    // Checkout.com's Flow (its script, card-field iframes and API calls) only when Checkout.com takes the cards.
    checkoutFlow: vendors['card-processor'] === 'checkout',
    // Zendesk article bodies show images from the help centre's own host.
    imageSources: vendors['help-desk'] === 'zendesk' && config.ZENDESK_URL ? [new URL(config.ZENDESK_URL).origin] : [],
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

  const queue = createJobQueueRepository(database.db);
  const jobs = createJobWorker({
    queue,
    clock,
    log: app.log,
    pollMs: config.JOB_POLL_MS,
    leaseMs: config.JOB_LEASE_MS,
    presence: createWorkerPresence({ database, queue, clock, log: app.log }),
  });
  app.decorate('jobs', jobs);
  const serverSecret = await loadServerSecret(database.db, config.SECRET_KEY);
  // Sandbox URLs stay relative without PUBLIC_URL, so the bank's page and the way back keep the
  // origin the person uses (and their session).
  const publicUrl = config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  // Every outside service, each kind's vendor chosen by one rule (providers/provider-kinds.ts).
  const providers = createProviders(config, {
    db: database.db,
    clock,
    serverSecret,
    queue,
    worker: jobs,
    publicUrl,
    cardFingerprintKey: cardFingerprintKey(serverSecret),
    // The sandbox vendor posts its webhooks through our own HTTP intake, signature and all.
    deliverKycWebhook: async (body, headers) =>
      (await app.inject({ method: 'POST', url: `${API_BASE}${PATHS.kycWebhook}`, payload: body, headers })).statusCode,
  });
  const mail = providers.mail.provider;
  const botCheck = providers['bot-check'].provider;
  const geo = providers.geo.provider;
  const { provider: kycProvider, selfHosted: sandboxKyc } = providers.kyc;
  // Document uploads (sign-upload): presigned PUTs to S3, or to our own signed /uploads URLs.
  const { provider: storage, selfHosted: localFiles } = providers.storage;
  const { provider: processor, selfHosted: sandboxProcessor } = providers['card-processor'];
  const chain = providers.chain.provider;
  const screening = providers['address-screening'].provider;
  const prices = providers.prices.provider;
  const { provider: helpDesk, selfHosted: builtinDesk } = providers['help-desk'];
  registerTranslationRoutes(app, providers.translations.provider, config.TRANSLATIONS_API_KEY);
  const rateLimiter = createRateLimiter(database.db);
  const rateLimitHousekeeping = registerRateLimitHousekeeping({ worker: jobs, queue, rateLimiter, clock });
  const identity = createIdentityModule(app, { db: database.db, clock, mail, rateLimiter, serverSecret, publicUrl: config.PUBLIC_URL });
  callers.provideGuards(identity.callerGuards);
  registerIdentityRoutes(app, identity, botCheck);
  const identityFace = identity.face;
  registerBotCheckRoutes(app, botCheck, config.RECAPTCHA_SITE_KEY);
  registerAuthenticatorRoutes(app, identity);
  registerPasswordRoutes(app, identity, botCheck);
  registerUnlockRoutes(app, { unlock: identity.unlock, rateLimiter, clock });
  registerSignInSupportRoutes(app, { identity, geo, clock, botCheck });
  const clientLog = registerClientLogRoutes(app, { db: database.db, rateLimiter, guard: identity.guard, queue, worker: jobs, clock });
  // A merchant's shared KYC is imported by the KYC module, built below (called only after start-up).
  const merchants = createMerchantModule({
    db: database.db,
    serverSecret,
    identity: identityFace,
    clock,
    rateLimiter,
    shareKyc: (userId, shareToken) => kyc.sharedKyc.request(userId, shareToken),
  });
  registerMerchantLoginRoutes(app, merchants.login, botCheck);
  // Sandbox pages exist only while the matching sandbox provider is active (docs/sandbox.md). In
  // production the tools never exist (an allowed sandbox mail keeps its outbox unread: anyone
  // could read anyone's codes); an allowed sandbox keeps only the vendor-like page a person's flow needs.
  if (providers.mail.selfHosted && !production) registerMailboxRoutes(app, providers.mail.selfHosted);

  const kyc = createKycModule({
    db: database.db,
    queue,
    worker: jobs,
    identity: identityFace,
    provider: kycProvider,
    storage,
    clock,
    levelName: config.KYC_LEVEL_NAME,
    flowVersion: config.KYC_FLOW_VERSION,
    log: app.log,
    // What a person spent comes from their orders, built below (called only after start-up).
    spentInPeriods: (userId, now) => orders.spentInPeriods(userId, now),
  });
  // One webhook intake for every vendor (POST /webhooks/:provider): modules add their receivers.
  const webhooks = createWebhookIntake({ rateLimiter, clock });
  webhooks.register(app);
  registerKycWebhookRoutes(app, { provider: kycProvider, repository: kyc.repository, intake: webhooks });
  // A pair's amount range is the quote's limits, from the orders module built below (called only after start-up).
  registerKycRoutes(app, {
    kyc,
    geo,
    rateLimiter,
    clock,
    amountRange: (userId, pair) => orders.quotes.amountRange(userId, pair),
  });
  // The verification page is the vendor's; share tokens for anyone who asks are a sandbox tool.
  if (sandboxKyc) registerKycVerificationRoutes(app, sandboxKyc, { shareTokens: !production });
  const uploads = createUploadsService({ storage, documents: createDocumentUploadsRepository(database.db), rateLimiter, clock });
  const uploadHousekeeping = registerUploadHousekeeping({ worker: jobs, queue, uploads, clock });
  registerUploadRoutes(app, { uploads });
  const handoffs = createUploadHandoffService({ repository: createUploadHandoffRepository(database.db), storage, uploads, clock });
  registerUploadHandoffRoutes(app, { handoffs, publicUrl: config.PUBLIC_URL, rateLimiter, clock });
  if (localFiles) registerLocalFileRoutes(app, { storage: localFiles, uploads, rateLimiter, clock });

  // Cards, saved wallets, quotes and orders (issue 5).
  const cards = createCardsModule({ db: database.db, processor, clock });
  const wallets = createWalletsModule({ db: database.db, screening, clock });
  const orders = createOrdersModule({
    db: database.db,
    unitOfWork: database.unitOfWork,
    queue,
    worker: jobs,
    identity: identityFace,
    cards: cards.savedCards,
    verificationOf: kyc.verificationOf,
    prices,
    processor,
    chain,
    screening,
    mail,
    clock,
    log: app.log,
    publicUrl,
    chainConfirmPollMs: Math.max(250, Math.min(config.SANDBOX_CHAIN_CONFIRM_MS, 10_000)),
    payoutConfirmDeadlineMs: config.PAYOUT_CONFIRM_DEADLINE_MS,
    merchants,
  });
  registerOrderRoutes(app, {
    quotes: orders.quotes,
    orders: orders.orders,
    transactions: orders.merchantTransactions,
    identity: identityFace,
  });
  // Where the card is typed: the processor's hosted fields, so no card number ever reaches our API.
  const cardFields = sandboxProcessor
    ? { processor: 'sandbox' as const, fieldsUrl: '/sandbox/card-fields' }
    : {
        processor: 'checkout' as const,
        publicKey: config.CHECKOUT_PUBLIC_KEY ?? '',
        environment: checkoutEnvironmentOf(config.CHECKOUT_BASE_URL),
      };
  const cardEntry = createCardEntry({ processor, geo, rateLimiter, clock, publicUrl, log: app.log });
  registerCardRoutes(app, { cards: cards.service, cardFields, cardEntry });
  registerWalletRoutes(app, { wallets: wallets.service });
  registerRiskRoutes(app, { identity: identityFace, clock });
  registerOnChainRoutes(app, { screening, gtrEnabled: config.GTR_ENABLED, vasps: config.TRAVEL_RULE_VASPS });
  if (sandboxProcessor) {
    registerSandboxThreeDsRoutes(app, sandboxProcessor);
    registerSandboxCardFieldsRoutes(app, { processor: sandboxProcessor, rateLimiter, clock });
    if (!production) registerSandboxLedgerRoutes(app, orders);
  }
  app.decorate('orders', orders);

  // The operator pages (server-rendered, HTTP Basic): one password per scope, each with its own
  // brute-force limit shared by every page behind it. Open only on a sandbox install.
  const operatorAttempts = createOperatorAttemptsRepository(database.db);
  const operatorPassword = createOperatorPassword({
    password: config.OPERATOR_PASSWORD,
    scope: 'operator',
    rateLimiter,
    attempts: operatorAttempts,
    clock,
  });
  // Orders awaiting an operator: in production too, since /sandbox/ledger is not there.
  if (hasSandboxTools(config) || config.OPERATOR_PASSWORD)
    registerOperatorReviewRoutes(app, { orders: orders.repository, operator: operatorPassword });
  else if (production)
    app.log.warn('no operator page for orders awaiting an operator (payouts past their deadline): set OPERATOR_PASSWORD');

  // The help widget's desk (issue 6). The built-in one also serves its help site, and its
  // tickets to the operator: openly on a sandbox install, else only behind the operator password.
  registerHelpRoutes(app, { help: createHelpService(helpDesk), desk: helpDesk.kind, rateLimiter, clock });
  if (builtinDesk) {
    registerHelpSiteRoutes(app, helpDesk);
    // Its own password when HELP_DESK_OPERATOR_PASSWORD is another one (help desk agents need not see orders), else OPERATOR_PASSWORD's and its count.
    const helpDeskPassword =
      config.HELP_DESK_OPERATOR_PASSWORD && config.HELP_DESK_OPERATOR_PASSWORD !== config.OPERATOR_PASSWORD
        ? createOperatorPassword({
            password: config.HELP_DESK_OPERATOR_PASSWORD,
            scope: 'help-desk-operator',
            rateLimiter,
            attempts: operatorAttempts,
            clock,
          })
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
