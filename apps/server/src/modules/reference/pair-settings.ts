import Decimal from 'decimal.js';
import type { Clock } from '../../platform/clock.ts';
import {
  plainDecimal,
  settingActor,
  settingBoolean,
  type SettingChange,
  settingDecimal,
  settingInput,
  settingInvalid,
  settingNotFound,
} from '../../platform/setting-values.ts';
import { afterCommit, type RunInTransaction } from '../../platform/transaction.ts';
import type { PairChannelRow, PairRow, PairSettingsRepository } from './pair-settings.repository.ts';

/** A pair as an operator sees and changes it: its range in the base (fiat) currency, and whether it is offered. */
export interface PairSetting {
  pairId: string;
  baseCurrency: string;
  cryptoCurrency: string;
  network: string;
  /** Decimal strings in the base currency. */
  minAmount: string;
  maxAmount: string;
  enabled: boolean;
}

/** Whether a channel offers a pair for one transaction type. */
export interface PairChannelSetting {
  pairId: string;
  channelCode: string;
  transactionType: string;
  enabled: boolean;
}

/** Who changed a row last, and when (null: as seeded). */
interface LastChange {
  updatedAt: string | null;
  updatedBy: string | null;
}

export type PairListing = PairSetting & LastChange & { channels: Array<PairChannelSetting & LastChange> };

/** The operator's side of the pairs (docs/rules/entities.md "Reference data"). */
export interface PairSettings {
  /** Every pair (enabled or not) with its channels, by base, crypto and network; of one base currency when named. */
  listPairs(filter?: { baseCurrency?: string }): Promise<PairListing[]>;
  /**
   * Turns a pair on or off and changes its range. `minAmount` and `maxAmount` are decimal strings in the base
   * currency, at most its decimals, the minimum above 0 and at most the maximum (the other one as it stands when
   * only one is given). SettingValueInvalid or SettingNotFound, and nothing changed, otherwise.
   */
  changePair(
    actor: string,
    input: { pairId: string; enabled?: boolean; minAmount?: string; maxAmount?: string },
  ): Promise<SettingChange<PairSetting>>;
  /** Turns one channel's offer of a pair for one transaction type on or off. */
  changePairChannel(
    actor: string,
    input: { pairId: string; channelCode: string; transactionType: string; enabled: boolean },
  ): Promise<SettingChange<PairChannelSetting>>;
}

const pairOf = (row: PairRow): PairSetting => ({
  pairId: row.id,
  baseCurrency: row.baseCurrency,
  cryptoCurrency: row.cryptoCurrency,
  network: row.network,
  minAmount: plainDecimal(row.minAmount),
  maxAmount: plainDecimal(row.maxAmount),
  enabled: row.enabled,
});

const channelOf = (row: PairChannelRow): PairChannelSetting => ({
  pairId: row.pairId,
  channelCode: row.channelCode,
  transactionType: row.transactionType,
  enabled: row.enabled,
});

const lastChangeOf = (row: { updatedAt: Date | null; updatedBy: string | null }): LastChange => ({
  updatedAt: row.updatedAt?.toISOString() ?? null,
  updatedBy: row.updatedBy,
});

const keyText = (value: unknown, field: string) => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 40) throw settingInvalid(field, 'is required');
  return value;
};

/**
 * Changes to the pairs an operator makes: each in one transaction under the row's lock, checked before anything
 * is written, then `forget` (the catalogue's caches of this process) once it commits, so the next quote here
 * sees it; other processes see it within the catalogue's TTL (decision 003).
 */
export function createPairSettings(deps: {
  repository: PairSettingsRepository;
  transaction: RunInTransaction;
  clock: Clock;
  forget: () => void;
}): PairSettings {
  const { repository } = deps;
  return {
    async listPairs(filter = {}) {
      const [pairs, channels] = await Promise.all([repository.listPairs(filter.baseCurrency), repository.listChannels()]);
      const byPair = new Map<string, PairChannelRow[]>();
      for (const channel of channels) {
        const list = byPair.get(channel.pairId);
        if (list) list.push(channel);
        else byPair.set(channel.pairId, [channel]);
      }
      return pairs.map((row) => ({
        ...pairOf(row),
        ...lastChangeOf(row),
        channels: (byPair.get(row.id) ?? []).map((channel) => ({ ...channelOf(channel), ...lastChangeOf(channel) })),
      }));
    },

    async changePair(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['pairId', 'enabled', 'minAmount', 'maxAmount']);
      const pairId = keyText(input.pairId, 'pairId');
      if (input.enabled === undefined && input.minAmount === undefined && input.maxAmount === undefined)
        throw settingInvalid('input', 'name enabled, minAmount or maxAmount');
      const enabled = input.enabled === undefined ? undefined : settingBoolean('enabled', input.enabled);
      return deps.transaction(async () => {
        const row = await repository.lockPair(pairId);
        if (!row) throw settingNotFound(`pair ${pairId}`);
        const amount = (field: 'minAmount' | 'maxAmount') =>
          input[field] === undefined
            ? plainDecimal(row[field])
            : settingDecimal(field, input[field], { places: row.baseDecimals, min: '0', above: true });
        const minAmount = amount('minAmount');
        const maxAmount = amount('maxAmount');
        if (new Decimal(minAmount).gt(maxAmount)) throw settingInvalid('minAmount', `must be at most the maximum (${maxAmount})`);
        const updated = await repository.updatePair(pairId, {
          minAmount,
          maxAmount,
          enabled: enabled ?? row.enabled,
          updatedAt: deps.clock.now(),
          updatedBy: by,
        });
        afterCommit(deps.forget);
        return { setting: `pairs.${pairId}`, actor: by, before: pairOf(row), after: pairOf(updated) };
      });
    },

    async changePairChannel(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['pairId', 'channelCode', 'transactionType', 'enabled']);
      const key = {
        pairId: keyText(input.pairId, 'pairId'),
        channelCode: keyText(input.channelCode, 'channelCode'),
        transactionType: keyText(input.transactionType, 'transactionType'),
      };
      const enabled = settingBoolean('enabled', input.enabled);
      return deps.transaction(async () => {
        const row = await repository.lockChannel(key);
        if (!row) throw settingNotFound(`pair ${key.pairId} on ${key.channelCode} for ${key.transactionType}`);
        const updated = await repository.updateChannel(key, { enabled, updatedAt: deps.clock.now(), updatedBy: by });
        afterCommit(deps.forget);
        return {
          setting: `pairs.${key.pairId}.${key.channelCode}.${key.transactionType}`,
          actor: by,
          before: channelOf(row),
          after: channelOf(updated),
        };
      });
    },
  };
}
