import { ErrorCode, type OrderTravelRule, type TravelRuleAnswer, type VaspInfo, type Wallet } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { travelRuleOf } from '../../platform/travel-rule.ts';
import type { AddressScreeningProvider } from '../../providers/address-screening/address-screening.ts';
import type { Principal } from '../identity/index.ts';
import { checkDestination } from './address-check.ts';
import type { WalletRow, WalletsRepository } from './wallets.repository.ts';

export const toWallet = (row: WalletRow): Wallet => ({
  walletId: row.id,
  cryptoCurrency: row.cryptoCurrency,
  network: row.network,
  address: row.address,
  memo: row.memo,
  label: row.label,
  isDefault: row.isDefault,
  holder: (row.holder as OrderTravelRule | null) ?? null,
});

/** The address book (manage-wallet): addresses are checked and screened before they are saved; the default cannot be deleted. */
export function createWalletService(deps: {
  wallets: WalletsRepository;
  screening: AddressScreeningProvider;
  clock: Clock;
  /** TRAVEL_RULE_VASPS: the VASPs a wallet's holder may be. */
  vasps: readonly VaspInfo[];
}) {
  const { wallets, clock } = deps;
  return {
    async list(user: Principal, filter: { cryptoCurrency?: string | undefined; network?: string | undefined }) {
      return { list: (await wallets.list(user.id, filter)).map(toWallet) };
    },

    async add(
      user: Principal,
      input: {
        cryptoCurrency: string;
        network: string;
        address: string;
        memo?: string | undefined;
        label?: string | undefined;
        isDefault: boolean;
        holder?: TravelRuleAnswer | undefined;
      },
    ): Promise<Wallet> {
      // Optional here: the same answer as an order's, checked the same way (a VASP of the list).
      const holder = input.holder ? travelRuleOf({ enabled: true, vasps: deps.vasps }, input.holder) : null;
      const { address, memo } = await checkDestination(input, deps.screening);
      if (await wallets.findByAddress(user.id, input.network, address, memo)) throw new AppError(ErrorCode.WalletAddressAlreadySaved);
      const first = (await wallets.list(user.id, { cryptoCurrency: input.cryptoCurrency, network: input.network })).length === 0;
      const row: WalletRow = {
        id: newId('wal'),
        userId: user.id,
        cryptoCurrency: input.cryptoCurrency,
        network: input.network,
        address,
        memo,
        label: input.label || null,
        isDefault: input.isDefault || first,
        holder,
        createdAt: clock.now(),
        deletedAt: null,
      };
      await wallets.insert(row);
      return toWallet(row);
    },

    async remove(user: Principal, walletId: string): Promise<null> {
      const wallet = await wallets.find(user.id, walletId);
      if (!wallet) throw new AppError(ErrorCode.WalletNotFound);
      if (wallet.isDefault) throw new AppError(ErrorCode.DefaultWalletUndeletable);
      await wallets.softDelete(wallet.id, clock.now());
      return null;
    },

    async setDefault(user: Principal, walletId: string): Promise<Wallet> {
      const wallet = await wallets.find(user.id, walletId);
      if (!wallet) throw new AppError(ErrorCode.WalletNotFound);
      await wallets.setDefault(wallet);
      return toWallet({ ...wallet, isDefault: true });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
