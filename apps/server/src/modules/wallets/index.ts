export { checkDestination } from './address-check.ts';
export { createWalletService } from './wallet.service.ts';
export { createWalletsRepository } from './wallets.repository.ts';
