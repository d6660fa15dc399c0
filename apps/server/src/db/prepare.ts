import type { DatabaseHandle } from './client.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedReferenceData } from './seed/index.ts';

/** Brings a database to the current schema and seeds what a fresh install needs (reference data, demo accounts). Safe to run at every start. */
export async function prepareDatabase(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoAccounts(database.db);
}
