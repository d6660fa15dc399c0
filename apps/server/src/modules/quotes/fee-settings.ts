import type { Clock } from '../../platform/clock.ts';
import {
  plainDecimal,
  settingActor,
  type SettingChange,
  settingDecimal,
  settingInput,
  settingInteger,
  settingInvalid,
  settingNotFound,
  settingRate,
} from '../../platform/setting-values.ts';
import { afterCommit, type RunInTransaction } from '../../platform/transaction.ts';
import { createTtlCache, SETTINGS_CACHE_TTL_MS } from '../../platform/ttl-cache.ts';
import { type FeeSchedule, feeScheduleOf, type FeeTables } from './fee-schedule.ts';
import type { FeeSettingsRepository, FeeSettingsRow, NetworkFeeRow } from './fee-settings.repository.ts';

/** The bounds an operator's rates are held to (the tables' checks repeat them): shares written as decimals. */
export const FEE_BOUNDS = {
  /** Our fee: at most 25% of what is charged. */
  feeRateMax: '0.25',
  /** A spread: at most 10% off the reference price. */
  spreadRateMax: '0.1',
  /** The promotion's discount: at most all of our fee. */
  discountRateMax: '1',
  /** The promotion: on at most a person's first 100 orders (0: no promotion). */
  promotionTransactionsMax: 100,
} as const;

export interface ChannelFee {
  channelCode: string;
  /** e.g. "0.025" for 2.5% of what is charged. */
  feeRate: string;
}
export interface SpreadRate {
  /** Null: the default, for every crypto without a rate of its own. */
  cryptoCurrency: string | null;
  spreadRate: string;
}
export interface NetworkFee {
  network: string;
  /** The coin the chain charges in; the amounts are in it. */
  nativeCoin: string;
  nativeTransfer: string;
  tokenTransfer: string;
}
export interface Promotion {
  /** How many of a person's first orders get the discount (0: none). */
  firstTransactions: number;
  /** The share of our fee taken off, e.g. "0.5". */
  discountRate: string;
}

/** Who changed a row last, and when (null: as seeded). */
interface LastChange {
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface FeeListing {
  channels: Array<ChannelFee & LastChange>;
  /** The default spread first (cryptoCurrency null), then each crypto's own. */
  spreads: Array<SpreadRate & LastChange>;
  networks: Array<NetworkFee & LastChange>;
  promotion: Promotion & LastChange;
}

/** The operator's side of the fees (docs/rules/limits.md "Fees"). Each change answers its before and after. */
export interface FeeSettings {
  listFees(): Promise<FeeListing>;
  /** Our fee on a channel that has one: a rate from 0 to FEE_BOUNDS.feeRateMax, at most 6 decimals. */
  changeChannelFee(actor: string, input: { channelCode: string; feeRate: string }): Promise<SettingChange<ChannelFee>>;
  /**
   * The default spread (no cryptoCurrency), or a crypto's own (made if it has none); a crypto's own with
   * spreadRate null is removed, and the default applies to it again.
   */
  changeSpreadRate(actor: string, input: { cryptoCurrency?: string | null; spreadRate: string | null }): Promise<SettingChange<SpreadRate>>;
  /** What sending on a network costs, in its coin (at most the coin's decimals); either amount may be left as it is. */
  changeNetworkFee(
    actor: string,
    input: { network: string; nativeTransfer?: string; tokenTransfer?: string },
  ): Promise<SettingChange<NetworkFee>>;
  /** The first-transactions promotion: how many orders, and the share of our fee off; either may be left as it is. */
  changePromotion(actor: string, input: { firstTransactions?: number; discountRate?: string }): Promise<SettingChange<Promotion>>;
}

/** The schedule every quote of this process prices with, read through a cache its changes forget. */
export interface FeeScheduleSource {
  current(): Promise<FeeSchedule>;
}

const lastChangeOf = (row: { updatedAt: Date | null; updatedBy: string | null }): LastChange => ({
  updatedAt: row.updatedAt?.toISOString() ?? null,
  updatedBy: row.updatedBy,
});
const networkOf = (row: NetworkFeeRow): NetworkFee => ({
  network: row.network,
  nativeCoin: row.nativeCoin,
  nativeTransfer: plainDecimal(row.nativeTransfer),
  tokenTransfer: plainDecimal(row.tokenTransfer),
});
const promotionOf = (row: FeeSettingsRow): Promotion => ({
  firstTransactions: row.promotionFirstTransactions,
  discountRate: plainDecimal(row.promotionDiscountRate),
});
const keyText = (value: unknown, field: string) => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 24) throw settingInvalid(field, 'is required');
  return value;
};

/**
 * The fee schedule as data: the cached read every quote makes (one load a second at most per process,
 * decision 003), and the operator's changes. A change runs in one transaction under the row's lock, is
 * checked before anything is written, and makes this process forget its copy once it commits: the next
 * quote here prices with it, another process's within SETTINGS_CACHE_TTL_MS.
 */
export function createFeeSettings(deps: {
  repository: FeeSettingsRepository;
  transaction: RunInTransaction;
  clock: Clock;
  ttlMs?: number;
}): FeeSettings & FeeScheduleSource {
  const { repository } = deps;
  const cache = createTtlCache<FeeSchedule>({ ttlMs: deps.ttlMs ?? SETTINGS_CACHE_TTL_MS });
  const forget = () => afterCommit(() => cache.clear());

  async function readTables() {
    const all = await repository.readAll();
    if (!all.settings) throw new Error('fee_settings has no row: the seed (db/seed/pricing.ts) did not run');
    return { ...all, settings: all.settings };
  }

  async function loadSchedule(): Promise<FeeSchedule> {
    const { channels, spreads, networks, settings } = await readTables();
    const tables: FeeTables = {
      channels: channels.map((row) => ({ channelCode: row.channelCode, feeRate: plainDecimal(row.feeRate) })),
      defaultSpreadRate: plainDecimal(settings.defaultSpreadRate),
      spreads: spreads.map((row) => ({ cryptoCurrency: row.cryptoCurrency, spreadRate: plainDecimal(row.spreadRate) })),
      networks: networks.map(networkOf),
      promotion: promotionOf(settings),
    };
    return feeScheduleOf(tables);
  }

  const stamp = (actor: string) => ({ updatedAt: deps.clock.now(), updatedBy: actor });

  return {
    current: () => cache.get('all', loadSchedule),

    async listFees() {
      const { channels, spreads, networks, settings } = await readTables();
      return {
        channels: channels.map((row) => ({ channelCode: row.channelCode, feeRate: plainDecimal(row.feeRate), ...lastChangeOf(row) })),
        spreads: [
          { cryptoCurrency: null, spreadRate: plainDecimal(settings.defaultSpreadRate), ...lastChangeOf(settings) },
          ...spreads.map((row) => ({ cryptoCurrency: row.cryptoCurrency, spreadRate: plainDecimal(row.spreadRate), ...lastChangeOf(row) })),
        ],
        networks: networks.map((row) => ({ ...networkOf(row), ...lastChangeOf(row) })),
        promotion: { ...promotionOf(settings), ...lastChangeOf(settings) },
      };
    },

    async changeChannelFee(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['channelCode', 'feeRate']);
      const channelCode = keyText(input.channelCode, 'channelCode');
      const feeRate = settingRate('feeRate', input.feeRate, FEE_BOUNDS.feeRateMax);
      return deps.transaction(async () => {
        const row = await repository.lockChannelFee(channelCode);
        if (!row) throw settingNotFound(`the fee of channel ${channelCode}`);
        const updated = await repository.updateChannelFee(channelCode, { feeRate, ...stamp(by) });
        forget();
        return {
          setting: `fees.channel.${channelCode}`,
          actor: by,
          before: { channelCode, feeRate: plainDecimal(row.feeRate) },
          after: { channelCode, feeRate: plainDecimal(updated.feeRate) },
        };
      });
    },

    async changeSpreadRate(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['cryptoCurrency', 'spreadRate']);
      const crypto =
        input.cryptoCurrency === undefined || input.cryptoCurrency === null ? null : keyText(input.cryptoCurrency, 'cryptoCurrency');
      const spreadRate =
        crypto !== null && input.spreadRate === null ? null : settingRate('spreadRate', input.spreadRate, FEE_BOUNDS.spreadRateMax);
      return deps.transaction(async () => {
        if (crypto === null) {
          const row = await lockedSettings();
          const updated = await repository.updateSettings({ defaultSpreadRate: spreadRate!, ...stamp(by) });
          forget();
          return {
            setting: 'fees.spread.default',
            actor: by,
            before: { cryptoCurrency: null, spreadRate: plainDecimal(row.defaultSpreadRate) },
            after: { cryptoCurrency: null, spreadRate: plainDecimal(updated.defaultSpreadRate) },
          };
        }
        if (!(await repository.isCrypto(crypto))) throw settingNotFound(`crypto ${crypto}`);
        const row = await repository.lockSpreadRate(crypto);
        const before = row ? { cryptoCurrency: crypto, spreadRate: plainDecimal(row.spreadRate) } : null;
        let after: SpreadRate | null = null;
        if (spreadRate === null) {
          if (row) await repository.deleteSpreadRate(crypto);
        } else {
          const updated = await repository.upsertSpreadRate(crypto, { spreadRate, ...stamp(by) });
          after = { cryptoCurrency: crypto, spreadRate: plainDecimal(updated.spreadRate) };
        }
        forget();
        return { setting: `fees.spread.${crypto}`, actor: by, before, after };
      });
    },

    async changeNetworkFee(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['network', 'nativeTransfer', 'tokenTransfer']);
      const network = keyText(input.network, 'network');
      if (input.nativeTransfer === undefined && input.tokenTransfer === undefined)
        throw settingInvalid('input', 'name nativeTransfer or tokenTransfer');
      return deps.transaction(async () => {
        const row = await repository.lockNetworkFee(network);
        if (!row) throw settingNotFound(`the fee of network ${network}`);
        const amount = (field: 'nativeTransfer' | 'tokenTransfer') =>
          input[field] === undefined
            ? plainDecimal(row[field])
            : settingDecimal(field, input[field], { places: row.coinDecimals, min: '0' });
        const updated = await repository.updateNetworkFee(network, {
          nativeTransfer: amount('nativeTransfer'),
          tokenTransfer: amount('tokenTransfer'),
          ...stamp(by),
        });
        forget();
        return { setting: `fees.network.${network}`, actor: by, before: networkOf(row), after: networkOf(updated) };
      });
    },

    async changePromotion(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['firstTransactions', 'discountRate']);
      if (input.firstTransactions === undefined && input.discountRate === undefined)
        throw settingInvalid('input', 'name firstTransactions or discountRate');
      const firstTransactions =
        input.firstTransactions === undefined
          ? undefined
          : settingInteger('firstTransactions', input.firstTransactions, { min: 0, max: FEE_BOUNDS.promotionTransactionsMax });
      const discountRate =
        input.discountRate === undefined ? undefined : settingRate('discountRate', input.discountRate, FEE_BOUNDS.discountRateMax);
      return deps.transaction(async () => {
        const row = await lockedSettings();
        const updated = await repository.updateSettings({
          ...(firstTransactions !== undefined ? { promotionFirstTransactions: firstTransactions } : {}),
          ...(discountRate !== undefined ? { promotionDiscountRate: discountRate } : {}),
          ...stamp(by),
        });
        forget();
        return { setting: 'fees.promotion', actor: by, before: promotionOf(row), after: promotionOf(updated) };
      });
    },
  };

  async function lockedSettings(): Promise<FeeSettingsRow> {
    const row = await repository.lockSettings();
    if (!row) throw new Error('fee_settings has no row: the seed (db/seed/pricing.ts) did not run');
    return row;
  }
}
