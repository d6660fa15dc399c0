import { z } from 'zod';
import {
  acceptAgreementsBodySchema,
  acceptAgreementsResultSchema,
  agreementLogBodySchema,
  termsAndStatementsBodySchema,
  termsAndStatementsResultSchema,
} from '../agreements.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const agreements = ['agreements'];

/** The terms and entity statements a person accepts (docs/rules/agreements.md): what is due, accepting it, and the pre-login log. */
export const AGREEMENT_CALLS = {
  termsAndStatements: defineCall({
    method: 'POST',
    path: PATHS.termsAndStatements,
    caller: 'individual',
    tags: agreements,
    summary: "The agreements the person must have accepted (their entity's statement, the channel's terms), and whether they did",
    body: termsAndStatementsBodySchema,
    result: termsAndStatementsResultSchema,
  }),
  termsAndStatementsV2: defineCall({
    method: 'POST',
    path: PATHS.termsAndStatementsV2,
    caller: 'individual',
    tags: agreements,
    summary: 'Accept agreements at their current versions; an old version, or another entity’s statement, changes nothing',
    body: acceptAgreementsBodySchema,
    result: acceptAgreementsResultSchema,
  }),
  agreementLog: defineCall({
    method: 'POST',
    path: PATHS.agreementLog,
    // Sent before an account exists: anyone may send it, bounded per address, per email and overall instead.
    caller: 'public',
    tags: agreements,
    summary: 'The pre-login agreement log: whether the terms were ticked, how long they were seen, their versions, the email',
    body: agreementLogBodySchema,
    result: z.null(),
  }),
};
