import { CALL_ROUTES, type CallResult } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeskCall } from './desk-api';

/** The Service screen's reads (docs/rules/operator-desk.md "Service"). */
export type DeskServiceModesAnswer = CallResult<typeof CALL_ROUTES.deskServiceModes>;
export type DeskPairsAnswer = CallResult<typeof CALL_ROUTES.deskPairs>;
export type DeskPairListing = DeskPairsAnswer['pairs'][number];
export type DeskFeatureSwitchesAnswer = CallResult<typeof CALL_ROUTES.deskFeatureSwitches>;
export type DeskFeatureSwitchListing = DeskFeatureSwitchesAnswer['switches'][number];

/** Under 'desk', so signing out drops them with the rest of what an operator saw. */
export const CONFIG_KEYS = {
  serviceModes: ['desk', 'config', 'service-modes'] as const,
  pairs: ['desk', 'config', 'pairs'] as const,
  featureSwitches: ['desk', 'config', 'feature-switches'] as const,
};

export function useServiceModes() {
  const call = useDeskCall();
  return useQuery({ queryKey: CONFIG_KEYS.serviceModes, queryFn: () => call(CALL_ROUTES.deskServiceModes) });
}

/** Every pair at once (a few hundred rows at most): the screen filters them by base currency itself. */
export function usePairs() {
  const call = useDeskCall();
  return useQuery({ queryKey: CONFIG_KEYS.pairs, queryFn: () => call(CALL_ROUTES.deskPairs, {}) });
}

export function useFeatureSwitches() {
  const call = useDeskCall();
  return useQuery({ queryKey: CONFIG_KEYS.featureSwitches, queryFn: () => call(CALL_ROUTES.deskFeatureSwitches) });
}
