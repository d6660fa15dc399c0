export { checkDestination } from './address-check.ts';
export { createWalletsModule, type WalletsModule } from './wallets.module.ts';
