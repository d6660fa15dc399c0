import { CALL_ROUTES } from '@causeway/contracts';
import type { DeskVerification } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeskCall } from './desk-api';

/** One review waiting at the vendor for a decision (docs/rules/operator-desk.md "Verifications"). */
export type DeskVerificationListing = DeskVerification;

/** Under 'desk', so signing out drops them with the rest of what an operator saw. */
export const VERIFICATION_KEYS = {
  all: ['desk', 'verifications'] as const,
  waiting: ['desk', 'verifications', 'waiting'] as const,
};

/** The KYC and KYB reviews waiting for a decision, oldest first (both subjects in one list). */
export function useVerificationsWaiting() {
  const call = useDeskCall();
  return useQuery({ queryKey: VERIFICATION_KEYS.waiting, queryFn: () => call(CALL_ROUTES.deskVerificationsWaiting) });
}
