import { CLIENT_TYPES, FEATURE_LABELS } from '@causeway/contracts';
import type { Clock } from '../../platform/clock.ts';
import {
  settingActor,
  settingBoolean,
  type SettingChange,
  settingInput,
  settingInteger,
  settingInvalid,
  settingNotFound,
} from '../../platform/setting-values.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { FeatureSwitchKey, FeatureSwitchRow, FeatureSwitchSettingsRepository } from './feature-switch-settings.repository.ts';

/**
 * One switch: a label (buy, deposit, withdraw) for clients of one type on one entry, from `minVersion` on. For a
 * client, the switch with the highest minVersion at or below its version decides; no switch at all is off.
 */
export interface FeatureSwitch {
  clientType: string;
  entry: string;
  label: string;
  minVersion: number;
  enable: boolean;
}

export type FeatureSwitchListing = FeatureSwitch & { updatedAt: string | null; updatedBy: string | null };

/** The operator's side of the feature switches (docs/rules/entities.md "Reference data"). */
export interface FeatureSwitchSettings {
  listFeatureSwitches(): Promise<FeatureSwitchListing[]>;
  /**
   * Turns a switch on or off, making it when none exists for that client type, entry, label and minVersion
   * (before: null). Read by the next feature-switch/query, on every process (it is not cached).
   */
  setFeatureSwitch(actor: string, input: FeatureSwitch): Promise<SettingChange<FeatureSwitch>>;
  /** Removes a switch (after: null): the next lower minVersion's decides again, or the label is off. */
  removeFeatureSwitch(actor: string, input: Omit<FeatureSwitch, 'enable'>): Promise<SettingChange<FeatureSwitch>>;
}

const switchOf = (row: FeatureSwitchRow): FeatureSwitch => ({
  clientType: row.clientType,
  entry: row.entry,
  label: row.label,
  minVersion: row.minVersion,
  enable: row.enable,
});

const ENTRY = /^[\w-]{1,64}$/;

/** The key of a switch, each part held to what feature-switch/query accepts. */
function keyOf(input: Record<string, unknown>): FeatureSwitchKey {
  const { clientType, entry, label } = input;
  if (typeof clientType !== 'string' || !(CLIENT_TYPES as readonly string[]).includes(clientType))
    throw settingInvalid('clientType', `must be one of ${CLIENT_TYPES.join(', ')}`);
  if (typeof entry !== 'string' || !ENTRY.test(entry)) throw settingInvalid('entry', '1 to 64 letters, digits, _ or -');
  if (typeof label !== 'string' || !(FEATURE_LABELS as readonly string[]).includes(label))
    throw settingInvalid('label', `must be one of ${FEATURE_LABELS.join(', ')}`);
  return { clientType, entry, label, minVersion: settingInteger('minVersion', input.minVersion, { min: 0, max: 1_000_000 }) };
}

const settingName = (key: FeatureSwitchKey) => `switches.${key.clientType}.${key.entry}.${key.label}.${key.minVersion}`;

/** Changes to the feature switches, each in one transaction under the row's lock and checked before anything is written. */
export function createFeatureSwitchSettings(deps: {
  repository: FeatureSwitchSettingsRepository;
  transaction: RunInTransaction;
  clock: Clock;
}): FeatureSwitchSettings {
  const { repository } = deps;
  return {
    async listFeatureSwitches() {
      return (await repository.listAll()).map((row) => ({
        ...switchOf(row),
        updatedAt: row.updatedAt?.toISOString() ?? null,
        updatedBy: row.updatedBy,
      }));
    },

    async setFeatureSwitch(actor, rawInput) {
      const by = settingActor(actor);
      const input = settingInput(rawInput, ['clientType', 'entry', 'label', 'minVersion', 'enable']);
      const key = keyOf(input);
      const enable = settingBoolean('enable', input.enable);
      return deps.transaction(async () => {
        const row = await repository.lock(key);
        const updated = await repository.upsert({ ...key, enable, updatedAt: deps.clock.now(), updatedBy: by });
        return { setting: settingName(key), actor: by, before: row ? switchOf(row) : null, after: switchOf(updated) };
      });
    },

    async removeFeatureSwitch(actor, rawInput) {
      const by = settingActor(actor);
      const key = keyOf(settingInput(rawInput, ['clientType', 'entry', 'label', 'minVersion']));
      return deps.transaction(async () => {
        const row = await repository.lock(key);
        if (!row) throw settingNotFound(settingName(key));
        await repository.remove(key);
        return { setting: settingName(key), actor: by, before: switchOf(row), after: null };
      });
    },
  };
}
