import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { merchantApiKeys, merchants } from './schema/index.ts';

const MIGRATION = new URL('../../drizzle/0029_merchant_console_and_telemetry.sql', import.meta.url);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

// Issue 20: a merchant's one key (merchants.api_key, .secret_encrypted) becomes its first row of merchant_api_keys.
describe("migration 0029: each merchant's key moves to merchant_api_keys", () => {
  it('copies the public key and the sealed secret as they were, so links the merchant signed before still verify', async () => {
    // The columns as 0028 had them, on a merchant made before the migration.
    await handle.db.execute(sql.raw('ALTER TABLE "merchants" ADD COLUMN "api_key" varchar(64), ADD COLUMN "secret_encrypted" text'));
    await handle.db.insert(merchants).values({ id: 'mch_before0029', code: 'before-0029', name: 'Older Shop', status: 'Active' });
    await handle.db.execute(
      sql.raw(`UPDATE "merchants" SET "api_key" = 'pk_older', "secret_encrypted" = 'sealed-secret' WHERE "id" = 'mch_before0029'`),
    );
    await handle.db.execute(sql.raw(`UPDATE "merchants" SET "api_key" = 'pk_' || "id", "secret_encrypted" = 'x' WHERE "api_key" IS NULL`));
    await handle.db.delete(merchantApiKeys);

    const copy = fs
      .readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO "merchant_api_keys"'));
    expect(copy).toBeDefined();
    await handle.db.execute(sql.raw(copy!));

    const [key] = await handle.db.select().from(merchantApiKeys).where(eq(merchantApiKeys.merchantId, 'mch_before0029'));
    expect(key).toMatchObject({ apiKey: 'pk_older', secretEncrypted: 'sealed-secret', secretHint: '', revokedAt: null, expiresAt: null });
    expect(key!.id).toMatch(/^mkey_[0-9a-f]{27}$/);
    // One key per merchant, every merchant.
    expect(await handle.db.select().from(merchantApiKeys)).toHaveLength((await handle.db.select().from(merchants)).length);
  });
});
