import { seedDemoMerchant, seedDemoMerchantOwner } from './modules/merchant/demo-merchant.ts';
import { createMerchantConsoleRepository } from './modules/merchant/console/merchant-console.repository.ts';
import { merchantSecretKey } from './modules/merchant/merchant-entry.ts';
import { createMerchantRepository } from './modules/merchant/merchant.repository.ts';
import { loadServerSecret } from './platform/server-secret.repository.ts';
import type { DatabaseHandle } from './db/client.ts';
import { seedDemoAccounts } from './demo/demo-accounts.ts';
import { seedDemoQuestionnaire } from './modules/questionnaire/index.ts';
import { disableDemoAccess, enableDemoAccess } from './demo/demo-access.ts';
import { removeDemoOperators, seedDemoOperators } from './demo/demo-operators.ts';
import { DEMO_BILLING_ADDRESS, DEMO_CARD, seedDemoTrading } from './demo/demo-trading.ts';
import { cardFingerprintKey } from './modules/cards/card.service.ts';
import { createSandboxCardProcessor } from './providers/card-processor/sandbox.ts';
import { createSandboxProcessorRepository } from './providers/card-processor/sandbox-processor.repository.ts';
import { systemClock } from './platform/clock.ts';
import { seedReferenceData } from './db/seed/index.ts';
import { seedHelpCentre } from './db/seed/help-centre.ts';

export interface PrepareOptions {
  /** The SECRET_KEY the app runs with (unset: the secret generated once and kept in the database), which seals the demo merchant's secret. */
  secretKey?: string | undefined;
  /**
   * Seeds docs/sandbox.md's demo accounts and demo merchant, whose password and secret are published.
   * Only for a sandbox install (hasSandboxTools: sandbox mode with the sandbox mailbox). Without
   * it, demo accounts and the demo merchant a database still holds from a sandbox start are
   * disabled: on a real install anyone could sign the demo merchant's links and sign in as them.
   */
  demoData: boolean;
  /** The card processor in use: the demo card is tokenised only by the sandbox processor. */
  cardProcessor?: 'sandbox' | 'checkout';
}

/**
 * Brings a database to the current schema and seeds what a fresh install needs (reference data;
 * on a sandbox install also the demo accounts and the demo merchant). Safe to run at every start:
 * existing rows are never touched, except that the demo data is switched off or back on to match `demoData`.
 */
export async function prepareDatabase(database: DatabaseHandle, options: PrepareOptions): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedHelpCentre(database.db, systemClock.now());
  const serverSecret = await loadServerSecret(database.db, options.secretKey);
  if (!options.demoData) {
    await disableDemoAccess(database.db, systemClock.now());
    await removeDemoOperators(database.db);
    return;
  }
  await seedDemoAccounts(database.db);
  await seedDemoOperators(database.db, serverSecret);
  await seedDemoMerchant(createMerchantRepository(database.db), merchantSecretKey(serverSecret), systemClock.now());
  await seedDemoMerchantOwner(createMerchantConsoleRepository(database.db), systemClock.now());
  await seedDemoQuestionnaire(database.db, systemClock.now());
  await enableDemoAccess(database.db);
  const sandboxCards = (options.cardProcessor ?? 'sandbox') === 'sandbox';
  const processor = sandboxCards
    ? createSandboxCardProcessor({
        repository: createSandboxProcessorRepository(database.db),
        clock: systemClock,
        publicUrl: 'http://localhost',
        fingerprintKey: cardFingerprintKey(serverSecret),
      })
    : null;
  await seedDemoTrading(database.db, {
    // The demo card goes through the sandbox processor's own tokenisation (what its card fields
    // call), not through our API: this code plays the processor's side, as a person typing
    // 4242 4242 4242 4242 into the sandbox card fields would. Then it is saved from the token.
    tokenizeDemoCard: processor
      ? async () => processor.saveCard({ cardToken: (await processor.tokenize(DEMO_CARD)).token, billingAddress: DEMO_BILLING_ADDRESS })
      : null,
    processorKind: 'sandbox',
    now: systemClock.now(),
  });
}
