import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { JobQueueRepository } from '../jobs/job-queue.repository.ts';
import type { JobWorker } from '../jobs/job-worker.ts';
import type { Providers } from '../providers/registry.ts';
import type { CallerRegistry } from './calls.ts';
import type { Clock } from './clock.ts';
import type { OperatorPassword } from './operator-password.ts';
import type { RateLimiter } from './rate-limit.repository.ts';
import type { UnitOfWork } from './transaction.ts';
import type { WebhookIntake } from './webhook-intake.ts';

/**
 * The faces modules offer one another, by module name. Empty here: each module adds its own entry
 * (`declare module '../../platform/server-module.ts' { interface ModuleFaces { … } }`), so the
 * platform names no module and a new module adds itself without touching this file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleFaces {}

/**
 * The faces of the modules registered so far. `get` is for a module registered earlier; `later`
 * answers a getter for one registered after the caller (a call made only once the server runs),
 * which is how two modules that need each other (merchant ↔ kyc ↔ orders) are wired without a cycle.
 */
export interface FaceRegistry {
  get<Name extends keyof ModuleFaces>(name: Name): ModuleFaces[Name];
  later<Name extends keyof ModuleFaces>(name: Name): () => ModuleFaces[Name];
}

/** What every module is given: the server, the platform's services and the outside vendors. */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  db: Database;
  unitOfWork: UnitOfWork<Database>;
  clock: Clock;
  queue: JobQueueRepository;
  jobs: JobWorker;
  rateLimiter: RateLimiter;
  serverSecret: Buffer;
  /** PUBLIC_URL without its trailing slash, or '' (sandbox links then stay relative). */
  publicUrl: string;
  /** Every outside service, each kind's vendor chosen by one rule (providers/provider-kinds.ts). */
  providers: Providers;
  /** The caller kinds' guards (the identity module provides the session guards). */
  callers: CallerRegistry;
  /** POST /webhooks/:provider: a module adds the receiver of its vendor's events. */
  webhooks: WebhookIntake;
  /** The operator pages' password (OPERATOR_PASSWORD) with its brute-force limit. */
  operatorPassword: OperatorPassword;
  /** Another operator scope's password, counted with the same attempts (the help desk's own). */
  newOperatorPassword(scope: string, password: string | undefined): OperatorPassword;
  /** A production install: no sandbox tools, and HSTS everywhere. */
  production: boolean;
  /** The sandbox tools and the demo data exist (platform/deployment-mode.ts, hasSandboxTools). */
  sandboxTools: boolean;
  /** The server's version, as /health answers it. */
  version: string;
  faces: FaceRegistry;
  /** Work to do once every module is registered, before the job worker starts (housekeeping jobs to schedule). */
  onReady(task: () => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module's face, once the app is built (app.ts): what tests reach a module through. */
    faces: FaceRegistry;
  }
}

/** Declares a module whose face others use: its name is its key in ModuleFaces. */
export function defineModule<Name extends keyof ModuleFaces>(
  name: Name,
  register: (context: ModuleContext) => Promise<ModuleFaces[Name]> | ModuleFaces[Name],
): AnyServerModule {
  return { name, offers: true, register: async (context) => register(context) };
}

/** Declares a module nobody depends on (routes only). */
export function defineLeafModule(name: string, register: (context: ModuleContext) => Promise<void> | void): AnyServerModule {
  return { name, offers: false, register: async (context) => register(context) };
}

/** A module as the app's list holds it. */
export interface AnyServerModule {
  name: string;
  /** Whether `register` answers a face others may ask for by `name`. */
  offers: boolean;
  register(context: ModuleContext): Promise<unknown>;
}

/** The face registry the app fills as it registers the list, in order. */
export function createFaceRegistry(): FaceRegistry & { offer(name: string, face: unknown): void; seal(): void } {
  const faces = new Map<string, unknown>();
  let sealed = false;
  const find = (name: string) => {
    if (!faces.has(name))
      throw new Error(`module "${name}" is not registered${sealed ? '' : ' yet: register it earlier, or use faces.later'}`);
    return faces.get(name);
  };
  return {
    get: (name) => find(name) as never,
    later: (name) => () => find(name) as never,
    offer(name, face) {
      if (faces.has(name)) throw new Error(`module "${name}" is registered twice`);
      faces.set(name, face);
    },
    seal() {
      sealed = true;
    },
  };
}
