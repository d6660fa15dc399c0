import { defineLeafModule } from '../../platform/server-module.ts';
import { createWalletsModule } from './wallets.module.ts';
import { registerWalletRoutes } from './wallets.routes.ts';

/** Saved wallets: the person's address book, each address checked and screened before it is kept. */
export const walletsModule = defineLeafModule('wallets', ({ app, db, providers, clock, config }) => {
  const wallets = createWalletsModule({ db, screening: providers['address-screening'].provider, clock, vasps: config.TRAVEL_RULE_VASPS });
  registerWalletRoutes(app, { wallets: wallets.service });
});
