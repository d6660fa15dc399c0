import { seedDemoMerchant } from '../modules/merchant/demo-merchant.ts';
import { merchantSecretKey } from '../modules/merchant/merchant-entry.ts';
import { createMerchantRepository } from '../modules/merchant/merchant.repository.ts';
import { loadServerSecret } from '../platform/server-secret.repository.ts';
import type { DatabaseHandle } from './client.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedReferenceData } from './seed/index.ts';

export interface PrepareOptions {
  /** The SECRET_KEY the app runs with (unset: the secret generated once and kept in the database), which seals the demo merchant's secret. */
  secretKey?: string | undefined;
}

/**
 * Brings a database to the current schema and seeds what a fresh install needs (reference data,
 * demo accounts, the demo merchant). Safe to run at every start: existing rows are never touched.
 */
export async function prepareDatabase(database: DatabaseHandle, options: PrepareOptions = {}): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoAccounts(database.db);
  const serverSecret = await loadServerSecret(database.db, options.secretKey);
  await seedDemoMerchant(createMerchantRepository(database.db), merchantSecretKey(serverSecret));
}
