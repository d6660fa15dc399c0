import { CALL_ROUTES, type CallResult } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeskCall } from './desk-api';

/** The "Fees and limits" screen's reads (docs/rules/operator-desk.md "Fees and limits"). */
export type DeskFeesAnswer = CallResult<typeof CALL_ROUTES.deskFees>;
export type DeskLimitTiersAnswer = CallResult<typeof CALL_ROUTES.deskLimitTiers>;

/** What every change answers: the setting's name and its values before and after (null: made or removed). */
export interface SettingChangeAnswer {
  setting: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Under 'desk', so signing out drops them with the rest of what an operator saw. */
export const SETTINGS_KEYS = {
  fees: ['desk', 'settings', 'fees'] as const,
  limitTiers: ['desk', 'settings', 'limit-tiers'] as const,
};

export function useDeskFees() {
  const call = useDeskCall();
  return useQuery({ queryKey: SETTINGS_KEYS.fees, queryFn: () => call(CALL_ROUTES.deskFees) });
}

export function useDeskLimitTiers() {
  const call = useDeskCall();
  return useQuery({ queryKey: SETTINGS_KEYS.limitTiers, queryFn: () => call(CALL_ROUTES.deskLimitTiers) });
}
