import type { VaspInfo } from '@causeway/contracts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AddressScreeningProvider } from '../../providers/address-screening/address-screening.ts';
import { createWalletService } from './wallet.service.ts';
import { createWalletsRepository } from './wallets.repository.ts';

/** Saved wallets (the person's address book): the service behind the wallet routes. */
export function createWalletsModule(deps: { db: Database; screening: AddressScreeningProvider; clock: Clock; vasps: readonly VaspInfo[] }) {
  return {
    service: createWalletService({
      wallets: createWalletsRepository(deps.db),
      screening: deps.screening,
      clock: deps.clock,
      vasps: deps.vasps,
    }),
  };
}

export type WalletsModule = ReturnType<typeof createWalletsModule>;
