import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, raw, so tests can check what never reaches the logs. */
  logs: string[];
}

/** The whole app on a fresh test database, with logs captured at debug level. Close with app.close(). */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Adds routes before the app is sealed (tests of the platform's own behaviour). */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const config: Config = loadConfig({ LOG_LEVEL: 'debug', WEB_DIST: '/nonexistent-web-dist', ...env });
  const database = await createTestDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({ config, database, logStream });
  extend?.(app);
  await app.ready();
  return { app, logs };
}
