import { CALL_ROUTES, type FeatureSwitchItem } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from './http-context';
import { type FlowMode, isIndependentMode, storedMode } from './mode';

/** The web client's version for the feature switch (docs/rules/limits.md feature version 1025). */
export const FEATURE_SWITCH_VERSION = 1025;

/** The entry the switches are kept under: the independent (merchant-embedded) checkout has its own (the seed's spelling). */
export const featureSwitchEntryOf = (mode: FlowMode): string => (isIndependentMode(mode) ? 'indepdentMain' : 'main');

/**
 * Whether a feature (buy, deposit, withdraw) is switched on for this client (feature-switch/query):
 * true or false once the answer is in; undefined while it is asked, and when it could not be had,
 * so that a caller offers the feature only when the operator's switch says so. Silent: it is a
 * detail of the page that asks, never worth a toast of its own.
 */
export function useFeatureEnabled(label: FeatureSwitchItem['label'], { enabled = true }: { enabled?: boolean } = {}) {
  const client = useHttpClient();
  const entry = featureSwitchEntryOf(storedMode());
  const switches = useQuery({
    queryKey: ['feature-switch', entry],
    queryFn: () => client.call(CALL_ROUTES.featureSwitch, { clientType: 'Web', entry, version: FEATURE_SWITCH_VERSION }, { silent: true }),
    // Operators turn features on and off rarely: a minute's answer is fresh enough.
    staleTime: 60_000,
    enabled,
  });
  const item = switches.data?.find((feature) => feature.label === label);
  return {
    /** On only when the server says so: an absent label or a failed ask leave the feature off. */
    isEnabled: switches.data ? item?.enable === true : undefined,
    isError: switches.isError,
    retry: () => void switches.refetch(),
  };
}
