import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { databaseUrlWithName } from './database-url.ts';
import { tarWithout } from './tar-without.ts';

/** template1 and template0 in a fresh PGlite data directory (PostgreSQL numbers them 1 and 4; postgres is 5). */
const TEMPLATE_DATABASE_DIRS = ['base/1', 'base/4'];

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string;
    /** The run's prefix of every clone's name, which teardown uses to drop the clones a crashed file left. */
    postgresClonePrefix: string;
  }
}

/**
 * Migrates and seeds one database per run, which every test file then clones: a PGlite data-dir
 * snapshot (~0.8 s to load instead of ~2.6 s to create), or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  // test.env reaches the workers, not this main process: read it from the project's config.
  if (project.config.env?.TEST_DB === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const client = await PGlite.create();
  const handle = await openDatabase({ pglite: client });
  await prepareDatabase(handle, { demoData: true });
  const snapshot = await client.dumpDataDir('none');
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-pglite-'));
  const snapshotPath = path.join(dir, 'snapshot.tar');
  // Without template0 and template1 (base/1 and base/4): no test connects to them, and each PGlite
  // clone unpacks its snapshot anew (a third of the 43 MB, a fifth of a clone's time).
  fs.writeFileSync(snapshotPath, tarWithout(new Uint8Array(await snapshot.arrayBuffer()), TEMPLATE_DATABASE_DIRS));
  project.provide('pgliteSnapshotPath', snapshotPath);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `causeway_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlWithName(baseUrl, template), poolSize: 2 });
  await prepareDatabase(handle, { demoData: true });
  await handle.close();
  project.provide('postgresTemplate', template);
  const clonePrefix = `causeway_t_${process.pid}_`;
  project.provide('postgresClonePrefix', clonePrefix);
  return async () => {
    // Drop the clones a crashed test file may have left, then the template.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${clonePrefix}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
