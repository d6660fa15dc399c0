import { deskVerificationDecidedSchema, deskVerificationDecideSchema, deskVerificationsWaitingSchema } from '../desk-verifications.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['operator desk'] as const;
/** A desk call: the desk session in the operator-token header, no header of the person's. */
const desk = { caller: 'operator-session', tags, headers: null } as const;

/** The desk's Verifications screen (docs/rules/operator-desk.md "Verifications"): the desk module registers them. */
export const DESK_VERIFICATION_CALLS = {
  deskVerificationsWaiting: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskVerificationsWaiting,
    summary: 'Identity and business reviews waiting for a decision at the vendor, oldest first, 50 of each at most (reviews:decide)',
    result: deskVerificationsWaitingSchema,
  }),
  deskVerificationDecide: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskVerificationDecide,
    summary: "Approves, rejects or asks again for a review's documents at the vendor; its webhook applies it (reviews:decide, audited)",
    body: deskVerificationDecideSchema,
    result: deskVerificationDecidedSchema,
  }),
} as const;
