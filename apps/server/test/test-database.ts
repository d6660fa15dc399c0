import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { databaseUrlWithName } from './database-url.ts';

/** A test database; on PostgreSQL with its URL, for a child process to open. */
export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated and seeded database for one test file: a PGlite clone of the run's snapshot,
 * or (TEST_DB=postgres) a PostgreSQL database cloned from the run's template. Closing it drops it.
 */
export async function createTestDatabase(options: { onQuery?: (sql: string) => void } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') return createPostgresClone(options);
  const client = await PGlite.create({ loadDataDir: pgliteSnapshot() });
  return openDatabase({ pglite: client, ...options });
}

/**
 * The run's snapshot, read once per worker and kept (isolate: false keeps a worker's modules from one
 * file to the next; a Blob is never changed by reading it): reading its 40 MB into a new Blob was a
 * fifth of each PGlite clone's time, and a file may make ten clones.
 */
let snapshot: { path: string; blob: Blob } | undefined;
function pgliteSnapshot(): Blob {
  const path = inject('pgliteSnapshotPath');
  if (snapshot?.path !== path) snapshot = { path, blob: new Blob([fs.readFileSync(path)]) };
  return snapshot.blob;
}

async function createPostgresClone(options: { onQuery?: (sql: string) => void }): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${inject('postgresClonePrefix')}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlWithName(baseUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4, ...options });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}
