import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { UnitOfWork } from '../src/platform/transaction.ts';
import type { Clock } from '../src/platform/clock.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, raw, so tests can check what never reaches the logs. */
  logs: string[];
  /** The app's own database, to check what is (and is not) stored. */
  db: Database;
  /** The app's transactions, for tests that build a service of their own on its database. */
  unitOfWork: UnitOfWork<Database>;
}

/** The whole app on a fresh test database, with logs captured at debug level. Close with app.close(). */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Adds routes before the app is sealed (tests of the platform's own behaviour). */
  extend?: (app: FastifyInstance) => void,
  options: { clock?: Clock; onQuery?: (sql: string) => void } = {},
): Promise<TestApp> {
  // No job timer: tests run the outbox with app.jobs.drain(), at the moment they choose.
  const config: Config = loadConfig({ LOG_LEVEL: 'debug', WEB_DIST: '/nonexistent-web-dist', JOB_POLL_MS: '0', ...env });
  const database = await createTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({ config, database, logStream, ...(options.clock ? { clock: options.clock } : {}) });
  extend?.(app);
  await app.ready();
  return { app, logs, db: database.db, unitOfWork: database.unitOfWork };
}

/** The newest code the sandbox mailbox holds for an address (docs/sandbox.md: six digits in the subject). */
export async function readLatestCode(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(email)}` });
  const [latest] = response.json().messages as Array<{ subject: string }>;
  const code = latest?.subject.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${email}`);
  return code;
}
