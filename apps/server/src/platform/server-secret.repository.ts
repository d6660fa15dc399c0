import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

const NAME = 'server_secret';

/**
 * The server secret from SECRET_KEY, or else one generated on first start and kept in the
 * database, so every process of an install shares it and codes stay valid across restarts.
 */
export async function loadServerSecret(db: Database, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  await db
    .insert(appSecrets)
    .values({ name: NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, NAME));
  if (!row) throw new Error('could not read the server secret');
  return Buffer.from(row.value, 'base64');
}
