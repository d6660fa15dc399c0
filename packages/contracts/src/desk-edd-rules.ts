/**
 * The desk's EDD screen (docs/rules/operator-desk.md "EDD reviews", docs/rules/edd.md "The operator's side"): what
 * both sides need without its schemas (the desk page loads no Zod), the paths included. Spread into PATHS.
 */

/** Every status an EDD case may have, as the operator sees it (the person sees Expired as Fail, Withdrawn as nothing). */
export const EDD_CASE_STATUSES = ['Pending', 'Initial', 'RFI', 'Pass', 'Fail', 'Expired', 'Withdrawn'] as const;
export type EddCaseStatus = (typeof EDD_CASE_STATUSES)[number];

/** A country's level on the risk list; a country not listed adds nothing to a rating. */
export const RISK_COUNTRY_LEVELS = ['medium', 'high', 'extreme'] as const;
export type RiskCountryLevel = (typeof RISK_COUNTRY_LEVELS)[number];

/** An operator's decision on a case: approve (Pass), reject (Fail, the account blocked AC100004), rfi (ask for more). */
export const EDD_DECISION_OUTCOMES = ['approve', 'reject', 'rfi'] as const;
export type EddDecisionOutcome = (typeof EDD_DECISION_OUTCOMES)[number];

/** The reason an operator gives for a rating override or a request for EDD: at most this many characters. */
export const EDD_REASON_MAX_LENGTH = 500;

const EDD = '/desk/v1/edd';

/** The EDD screen's calls, under the desk's prefix (a proxy may keep `/prod-api/desk/…` off the public internet). */
export const DESK_EDD_PATHS = {
  /** The cases of a status (Pending by default), the longest waiting first, 20 a page. */
  deskEddCases: `${EDD}/cases`,
  /** One case: the answers, the files, the person's rating (the look is audited). */
  deskEddCase: `${EDD}/cases/detail`,
  /** One evidence file of a case, as an attachment (the download is audited). */
  deskEddEvidenceFile: `${EDD}/cases/evidence-file`,
  /** Approve, reject, or ask for more (RFI). */
  deskEddDecide: `${EDD}/cases/decide`,
  /** Sets or lifts an operator's override of a person's rating. */
  deskEddRiskOverride: `${EDD}/risk-override`,
  /** Asks a person for EDD, whatever their rating. */
  deskEddRequest: `${EDD}/request`,
  /** The country risk list. */
  deskEddRiskCountries: `${EDD}/risk-countries`,
  /** Puts a country on the list at a level, or takes it off. */
  deskEddSetCountryRisk: `${EDD}/risk-countries/set`,
} as const;
