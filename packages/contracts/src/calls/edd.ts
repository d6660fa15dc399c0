import { eddDetailSchema, eddOptionsRequestSchema, eddOptionsSchema, eddSofCommitSchema, eddSowCommitSchema } from '../edd.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['edd'];
const signedIn = { caller: 'individual', tags } as const;

/**
 * Enhanced due diligence of an individual (docs/rules/edd.md): what is asked of the signed-in person, their source
 * of wealth and source of funds with evidence, and the choices each offers. Asked only of individuals.
 */
export const EDD_CALLS = {
  eddDetail: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.eddDetail,
    summary: 'What enhanced due diligence asks of the person now, their answers so far, and where it stands (no body)',
    result: eddDetailSchema,
  }),
  eddCommitSow: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.eddCommitSow,
    summary: "Source of wealth: a choice, a text and 1 to 5 of the person's own files; answers the detail",
    body: eddSowCommitSchema,
    result: eddDetailSchema,
  }),
  eddCommitSof: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.eddCommitSof,
    summary: "Source of funds: a choice, a text and 1 to 5 of the person's own files, none the same as a source-of-wealth file",
    body: eddSofCommitSchema,
    result: eddDetailSchema,
  }),
  eddOptions: defineCall({
    ...signedIn,
    method: 'POST',
    path: PATHS.eddOptions,
    summary: 'The choices of source of wealth and of funds in a language, and the example bank statement their hints link to',
    body: eddOptionsRequestSchema,
    result: eddOptionsSchema,
  }),
};
