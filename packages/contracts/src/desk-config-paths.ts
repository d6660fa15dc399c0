/**
 * The paths of the desk's Service screen (docs/rules/operator-desk.md "Service"), relative to API_BASE, under
 * the desk's own prefix so a proxy may keep them off the public internet. Spread into PATHS beside DESK_PATHS;
 * a file of their own, without schemas, as desk-paths.ts (PATHS is in every page's first load).
 */
const CONFIG = '/desk/v1/config';

export const DESK_CONFIG_PATHS = {
  /** Each sign-in mode's maintenance switch and UK opening. */
  deskServiceModes: `${CONFIG}/service-modes`,
  deskSetMaintenance: `${CONFIG}/service-modes/maintenance`,
  deskSetUkOpen: `${CONFIG}/service-modes/uk-open`,
  /** Every trading pair (offered or not) with its range and channels. */
  deskPairs: `${CONFIG}/pairs`,
  deskChangePair: `${CONFIG}/pairs/change`,
  deskChangePairChannel: `${CONFIG}/pairs/channel`,
  /** The feature switches the entry pages read (feature-switch/query). */
  deskFeatureSwitches: `${CONFIG}/feature-switches`,
  deskSetFeatureSwitch: `${CONFIG}/feature-switches/set`,
  deskRemoveFeatureSwitch: `${CONFIG}/feature-switches/remove`,
} as const;
