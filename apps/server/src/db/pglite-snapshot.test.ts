import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.ts';
import { writeMigratedSnapshot } from './make-pglite-snapshot.ts';
import { readMigratedSnapshot } from './pglite-snapshot.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-snapshot-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the migrated schema snapshot (db/pglite-snapshot.ts)', () => {
  // Migrates and seeds a database from nothing, twice over: the slowest single test of the suite, well
  // past the default 20 s on a loaded two-core machine (23 s seen while the e2e suite ran beside it).
  it(
    'starts a new DATA_DIR migrated and seeded with the built-in content, holding no secret and no person, on disk',
    { timeout: 90_000 },
    async () => {
      await writeMigratedSnapshot();
      expect(readMigratedSnapshot()).toBeInstanceOf(Blob);
      const database = await openDatabase({ dataDir });
      try {
        const count = async (table: string) =>
          Number(rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
        // Every migration is applied already: migrating again finds nothing to do.
        const applied = await count('drizzle.__drizzle_migrations');
        expect(applied).toBeGreaterThan(0);
        await database.migrate();
        expect(await count('drizzle.__drizzle_migrations')).toBe(applied);
        // An install's own secrets and accounts are made on its first start, never shipped in the snapshot.
        expect(await count('app_secrets')).toBe(0);
        expect(await count('users')).toBe(0);
        expect(await count('merchants')).toBe(0);
        // The content every install holds alike is there already: a first start does not seed it again.
        expect(await count('currencies')).toBeGreaterThan(0);
        expect(await count('help_articles')).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    },
  );
});
