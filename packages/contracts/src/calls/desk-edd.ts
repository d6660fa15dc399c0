import { z } from 'zod';
import {
  deskEddCaseQuerySchema,
  deskEddCaseSchema,
  deskEddCasesQuerySchema,
  deskEddCasesSchema,
  deskEddDecideSchema,
  deskEddDecisionSchema,
  deskEddEvidenceFileQuerySchema,
  deskEddRequestResultSchema,
  deskEddRequestSchema,
  deskEddRiskOverrideResultSchema,
  deskEddRiskOverrideSchema,
  deskRiskCountriesSchema,
  deskSetCountryRiskResultSchema,
  deskSetCountryRiskSchema,
} from '../desk-edd.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

const tags = ['operator desk'] as const;
/** A desk call: the desk session in the operator-token header (checked before the body is read), no header of the person's. */
const desk = { caller: 'operator-session', tags, headers: null } as const;

/**
 * The desk's EDD screen (docs/rules/operator-desk.md "EDD reviews"): each call names the permission it needs in its
 * summary; the server checks it (modules/edd/desk-edd.calls.ts), and every change is audited.
 */
export const DESK_EDD_CALLS = {
  deskEddCases: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskEddCases,
    summary: 'EDD cases of a status (Pending by default), the longest waiting first, 20 a page (reviews:decide)',
    query: deskEddCasesQuerySchema,
    result: deskEddCasesSchema,
  }),
  deskEddCase: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskEddCase,
    summary: "One EDD case: the person's answers, their files and rating; the look is audited (reviews:decide)",
    query: deskEddCaseQuerySchema,
    result: deskEddCaseSchema,
  }),
  deskEddEvidenceFile: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskEddEvidenceFile,
    summary:
      'One evidence file of an EDD case: the file itself as an attachment (pdf, jpeg, png, else octet-stream), not an envelope; audited (reviews:decide)',
    query: deskEddEvidenceFileQuerySchema,
    result: z.null().describe('the answer is the file, not an envelope'),
  }),
  deskEddDecide: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskEddDecide,
    summary:
      'Approves, rejects (the account blocked, AC100004) or asks for more (RFI, with a message) on an EDD case (reviews:decide, audited)',
    body: deskEddDecideSchema,
    result: deskEddDecisionSchema,
  }),
  deskEddRiskOverride: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskEddRiskOverride,
    summary: "Sets (or, with rating null, lifts) an operator's override of a person's risk rating, with a reason (reviews:decide, audited)",
    body: deskEddRiskOverrideSchema,
    result: deskEddRiskOverrideResultSchema,
  }),
  deskEddRequest: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskEddRequest,
    summary: 'Asks a verified individual for EDD, whatever their rating; an open case is answered as it is (journeys:start, audited)',
    body: deskEddRequestSchema,
    result: deskEddRequestResultSchema,
  }),
  deskEddRiskCountries: defineCall({
    ...desk,
    method: 'GET',
    path: PATHS.deskEddRiskCountries,
    summary: 'The country risk list: each country at medium, high or extreme (config:change)',
    result: deskRiskCountriesSchema,
  }),
  deskEddSetCountryRisk: defineCall({
    ...desk,
    method: 'POST',
    path: PATHS.deskEddSetCountryRisk,
    summary:
      "Puts a country on the risk list at a level, or (level null) takes it off; applies at each person's next recomputation (config:change, audited)",
    body: deskSetCountryRiskSchema,
    result: deskSetCountryRiskResultSchema,
  }),
};
