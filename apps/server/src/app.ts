import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { API_BASE, PATHS } from '@causeway/contracts';
import { type Config, configWarnings } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createJobQueueRepository } from './jobs/job-queue.repository.ts';
import { createJobWorker } from './jobs/job-worker.ts';
import { createWorkerPresence } from './jobs/worker-presence.ts';
import { bankAccountsModule } from './modules/bank-accounts/index.ts';
import { bankingModule } from './modules/banking/index.ts';
import { botCheckModule } from './modules/bot-check/index.ts';
import { deskModule } from './modules/desk/index.ts';
import { cardFingerprintKey, cardsModule } from './modules/cards/index.ts';
import { entryModule } from './modules/entry/index.ts';
import { healthModule } from './modules/health/index.ts';
import { helpModule } from './modules/help/index.ts';
import { identityModule } from './modules/identity/index.ts';
import { kycModule } from './modules/kyc/index.ts';
import { availabilityModule } from './modules/availability/index.ts';
import { kybModule } from './modules/kyb/index.ts';
import { legalModule } from './modules/legal/index.ts';
import { merchantModule } from './modules/merchant/index.ts';
import { onChainModule } from './modules/on-chain/index.ts';
import { eddModule } from './modules/edd/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { promotionEmailModule } from './modules/promotion-email/index.ts';
import { quotesModule } from './modules/quotes/index.ts';
import { referenceModule } from './modules/reference/index.ts';
import { questionnaireModule } from './modules/questionnaire/index.ts';
import { riskModule } from './modules/risk/index.ts';
import { sandboxModule } from './modules/sandbox/index.ts';
import { translationsModule } from './modules/translations/index.ts';
import { uploadsModule } from './modules/uploads/index.ts';
import { walletsModule } from './modules/wallets/index.ts';
import { enforceCallerKinds } from './platform/calls.ts';
import { registerClientIpKey } from './platform/client-ip-key.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { hasSandboxTools, isProduction } from './platform/deployment-mode.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { createLoggerOptions, requestIdOptions } from './platform/logging.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createOperatorAttemptsRepository } from './platform/operator-attempts.repository.ts';
import { createOperatorPassword } from './platform/operator-password.ts';
import { registerRateLimitHousekeeping } from './platform/rate-limit.housekeeping.ts';
import { createRateLimiter } from './platform/rate-limit.repository.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { loadServerSecret } from './platform/server-secret.repository.ts';
import { type AnyServerModule, createFaceRegistry, type FaceRegistry, type ModuleContext } from './platform/server-module.ts';
import { registerCompression, registerWebApp } from './platform/web-app.ts';
import { createWebhookIntake } from './platform/webhook-intake.ts';
import { SANDBOX_CARD_WEBHOOK_PATH } from './providers/card-processor/index.ts';
import { SANDBOX_KYB_WEBHOOK_PATH } from './providers/kyb/index.ts';
import { chooseProviders } from './providers/provider-kinds.ts';
import { createProviders } from './providers/registry.ts';
import { uploadOrigins } from './providers/storage/index.ts';

export const APP_VERSION = '0.1.0';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go; tests pass a stream to read them. Defaults to stdout. */
  logStream?: DestinationStream;
  /** The time every rule reads; tests pass a manual clock. */
  clock?: Clock;
}

/**
 * Every module, in the order it registers: a module asks for the faces of those above it
 * (faces.get) and reaches one below it only once the server runs (faces.later). A new capability
 * is a new line here.
 */
export const MODULES: readonly AnyServerModule[] = [
  healthModule,
  referenceModule,
  quotesModule,
  entryModule,
  legalModule,
  translationsModule,
  identityModule,
  // The operator's desk: right after identity, so the modules below add their review screens to it.
  deskModule,
  botCheckModule,
  merchantModule,
  kycModule,
  availabilityModule,
  kybModule,
  uploadsModule,
  questionnaireModule,
  cardsModule,
  walletsModule,
  bankAccountsModule,
  bankingModule,
  // The risk warning and the appropriateness test: before orders, which refuse a trade until they are done.
  riskModule,
  ordersModule,
  // Enhanced due diligence: after kyc and orders, whose faces its risk rating reads.
  eddModule,
  onChainModule,
  sandboxModule,
  helpModule,
  promotionEmailModule,
];

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
  // A setting that weakens a check is said at every boot, so it never stays on unnoticed.
  for (const warning of configWarnings(config)) app.log.warn(warning);
  // Every per-IP limit counts a client as request.ipKey (an IPv6 client by its /64).
  registerClientIpKey(app);
  // Before any route: a route without a caller kind cannot be registered, and a session call gets its guard.
  const callers = enforceCallerKinds(app);
  // Before every route and the static files: answers compressed by Accept-Encoding.
  await registerCompression(app);

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
    // Klarna's SDK (its script, widget frames and calls) only when the real Klarna takes Klarna buys; the sandbox's widget is ours.
    klarna: vendors.klarna === 'klarna',
    // Zendesk article bodies show images from the help centre's own host.
    imageSources: vendors['help-desk'] === 'zendesk' && config.ZENDESK_URL ? [new URL(config.ZENDESK_URL).origin] : [],
  });
  await registerOpenApi(app, APP_VERSION);
  const serveSpa = await registerWebApp(app, config.WEB_DIST);
  registerErrorHandling(app, serveSpa);

  const queue = createJobQueueRepository(database.db);
  const jobs = createJobWorker({
    queue,
    clock,
    log: app.log,
    pollMs: config.JOB_POLL_MS,
    leaseMs: config.JOB_LEASE_MS,
    concurrency: config.JOB_CONCURRENCY,
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
    // The sandbox KYB reviewer posts to the one webhook intake, as provider 'kyb'.
    deliverKybWebhook: async (body, headers) =>
      (await app.inject({ method: 'POST', url: SANDBOX_KYB_WEBHOOK_PATH, payload: body, headers })).statusCode,
    // The sandbox card processor posts Checkout.com-style events to its own intake path.
    deliverCardWebhook: async (body, headers) =>
      (await app.inject({ method: 'POST', url: SANDBOX_CARD_WEBHOOK_PATH, payload: body, headers })).statusCode,
  });
  const rateLimiter = createRateLimiter(database.db);
  const rateLimitHousekeeping = registerRateLimitHousekeeping({ worker: jobs, queue, rateLimiter, clock });
  // One webhook intake for every vendor (POST /webhooks/:provider): modules add their receivers.
  const webhooks = createWebhookIntake({ rateLimiter, clock });
  webhooks.register(app);
  // The operator pages (server-rendered, HTTP Basic): one password per scope, each with its own
  // brute-force limit shared by every page behind it. Open only on a sandbox install.
  const operatorAttempts = createOperatorAttemptsRepository(database.db);
  const newOperatorPassword = (scope: string, password: string | undefined) =>
    createOperatorPassword({ password, scope, rateLimiter, attempts: operatorAttempts, clock });

  const faces = createFaceRegistry();
  const ready: Array<() => Promise<unknown>> = [rateLimitHousekeeping.scheduleHousekeeping];
  const context: ModuleContext = {
    app,
    config,
    database,
    db: database.db,
    unitOfWork: database.unitOfWork,
    clock,
    queue,
    jobs,
    rateLimiter,
    serverSecret,
    publicUrl,
    providers,
    callers,
    webhooks,
    operatorPassword: newOperatorPassword('operator', config.OPERATOR_PASSWORD),
    newOperatorPassword,
    production,
    sandboxTools: hasSandboxTools(config),
    version: APP_VERSION,
    faces,
    onReady: (task) => void ready.push(task),
  };
  for (const module of MODULES) {
    const face = await module.register(context);
    if (module.offers) faces.offer(module.name, face);
  }
  faces.seal();
  // Tests reach a module's face through it (an operator's change of fees, limits, pairs or switches).
  app.decorate('faces', faces as FaceRegistry);

  for (const task of ready) await task();
  await jobs.start();
  app.addHook('onClose', async () => {
    await jobs.stop();
    await database.close();
  });
  return app;
}
