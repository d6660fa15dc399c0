import {
  deskChangePairChannelSchema,
  deskChangePairSchema,
  deskFeatureSwitchChangeSchema,
  deskFeatureSwitchesSchema,
  deskPairChangeSchema,
  deskPairChannelChangeSchema,
  deskPairsQuerySchema,
  deskPairsSchema,
  deskRemoveFeatureSwitchSchema,
  deskServiceModeChangeSchema,
  deskServiceModesSchema,
  deskSetFeatureSwitchSchema,
  deskSetMaintenanceSchema,
  deskSetUkOpenSchema,
} from '../desk-config.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['operator desk'] as const;
/** A desk call: the desk session in the operator-token header (checked before the body is read), no header of the person's. */
const desk = { caller: 'operator-session', tags, headers: null } as const;

/**
 * The desk's Service screen (docs/rules/operator-desk.md "Service"): service modes, trading pairs and feature
 * switches as data. Every call needs `config:change` (admin); each change is audited with its before and after.
 */
export const DESK_CONFIG_CALLS = {
  deskServiceModes: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskServiceModes,
    summary: "Each sign-in mode's maintenance switch and UK opening, read now (config:change)",
    result: deskServiceModesSchema,
  }),
  deskSetMaintenance: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskSetMaintenance,
    summary: "Turns a mode's maintenance on (its sign-ins and signed-in calls answer 10000047) or off (config:change, audited)",
    body: deskSetMaintenanceSchema,
    result: deskServiceModeChangeSchema,
  }),
  deskSetUkOpen: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskSetUkOpen,
    summary: 'Opens a mode to UK residents and people in the UK, or closes it to them (config:change, audited)',
    body: deskSetUkOpenSchema,
    result: deskServiceModeChangeSchema,
  }),
  deskPairs: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskPairs,
    summary: 'Every trading pair, offered or not, with its range and channels; of one base currency when named (config:change)',
    query: deskPairsQuerySchema,
    result: deskPairsSchema,
  }),
  deskChangePair: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangePair,
    summary: 'Turns a pair on or off or changes its range, from the next quote on (config:change, audited; SET0000001/2)',
    body: deskChangePairSchema,
    result: deskPairChangeSchema,
  }),
  deskChangePairChannel: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskChangePairChannel,
    summary: "Turns one channel's offer of a pair for one transaction type on or off (config:change, audited; SET0000001/2)",
    body: deskChangePairChannelSchema,
    result: deskPairChannelChangeSchema,
  }),
  deskFeatureSwitches: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskFeatureSwitches,
    summary: 'Every feature switch: client type, entry, label, from which version, on or off (config:change)',
    result: deskFeatureSwitchesSchema,
  }),
  deskSetFeatureSwitch: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskSetFeatureSwitch,
    summary: 'Turns a feature switch on or off, making it when none exists for its key (config:change, audited)',
    body: deskSetFeatureSwitchSchema,
    result: deskFeatureSwitchChangeSchema,
  }),
  deskRemoveFeatureSwitch: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskRemoveFeatureSwitch,
    summary: 'Removes a feature switch: the next lower version’s decides again (config:change, audited; SET0000002)',
    body: deskRemoveFeatureSwitchSchema,
    result: deskFeatureSwitchChangeSchema,
  }),
};
