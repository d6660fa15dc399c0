import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { paths } from '../config.ts';
import { createUnitOfWork, type UnitOfWork } from '../platform/transaction.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { readMigratedSnapshot } from './pglite-snapshot.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type repositories see: the same on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  /** What repositories hold: each query joins the caller's transaction (platform/transaction.ts), else uses the pool. */
  db: Database;
  /** Opens and joins transactions for `db`: services group the writes of several repositories with it. */
  unitOfWork: UnitOfWork<Database>;
  kind: DatabaseKind;
  /** Applies pending migrations. On PostgreSQL an advisory lock serialises concurrent starters. */
  migrate(): Promise<void>;
  /**
   * A connection of its own, outside the pool, for state that lives with a session (a lock a
   * process holds for as long as it runs). On PGlite, the one embedded connection.
   */
  openSession(): Promise<DatabaseSession>;
  close(): Promise<void>;
}

export interface DatabaseSession {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Called once when the connection is lost (a server restart, a broken network): its session state is gone. */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** Arbitrary constant for pg_advisory_lock: "causeway" migrations. */
const MIGRATION_LOCK_KEY = 727_001;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite files; ignored when databaseUrl is set. */
  dataDir?: string;
  /** An already created PGlite (tests clone a migrated snapshot into one). */
  pglite?: PGlite;
  poolSize?: number;
  /** Told each query's SQL as it goes out (tests count the queries a call makes). */
  onQuery?: (sql: string) => void;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir (locked). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : false;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, logger);
  if (options.pglite) return wrapPglite(options.pglite, () => {}, logger);
  if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or pglite');
  const release = acquireDataDirLock(options.dataDir);
  try {
    const directory = path.join(options.dataDir, 'pglite');
    // A new DATA_DIR starts from the migrated schema's snapshot when one was made (db/pglite-snapshot.ts).
    const snapshot = fs.existsSync(path.join(directory, 'PG_VERSION')) ? undefined : readMigratedSnapshot();
    const client = await PGlite.create(directory, snapshot ? { loadDataDir: snapshot } : {});
    return wrapPglite(client, release, logger);
  } catch (error) {
    release();
    throw error;
  }
}

/** Drizzle's query logger, or none. */
type QueryLogger = { logQuery: (sql: string) => void } | false;

function wrapPglite(client: PGlite, release: () => void, logger: QueryLogger = false): DatabaseHandle {
  const unitOfWork = createUnitOfWork(drizzlePglite(client, { schema, logger }) as unknown as Database);
  return {
    db: unitOfWork.db,
    unitOfWork,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: paths.migrations });
    },
    // The embedded database has one connection, which lives as long as the process: never lost.
    openSession: async () => ({
      query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
      onLost: () => {},
      close: async () => {},
    }),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(connectionString: string, max: number, logger: QueryLogger = false): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const drizzleDb = drizzleNodePg(pool, { schema, logger });
  const unitOfWork = createUnitOfWork(drizzleDb as unknown as Database);
  return {
    db: unitOfWork.db,
    unitOfWork,
    kind: 'postgres',
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleDb, { migrationsFolder: paths.migrations });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        lockClient.release();
      }
    },
    openSession: async () => {
      const session = new pg.Client({ connectionString });
      let lost: ((error: Error) => void) | undefined;
      let closing = false;
      const fail = (error: Error) => {
        if (closing) return;
        closing = true;
        lost?.(error);
      };
      session.on('error', fail);
      session.on('end', () => fail(new Error('database session ended')));
      await session.connect();
      return {
        query: async <Row>(text: string, params?: unknown[]) => (await session.query(text, params)).rows as Row[],
        onLost: (listener) => {
          lost = listener;
        },
        close: async () => {
          closing = true;
          await session.end().catch(() => {});
        },
      };
    },
    close: () => pool.end(),
  };
}

/** The rows of `db.execute`: both drivers answer a result with `rows` (Drizzle types it per driver). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The version string the database reports, e.g. "15.19 (Debian 15.19-0+deb12u1)". */
export async function readServerVersion(db: Database): Promise<string> {
  const result = await db.execute<{ server_version: string }>(sql`show server_version`);
  return rowsOf<{ server_version: string }>(result)[0]?.server_version ?? 'unknown';
}
