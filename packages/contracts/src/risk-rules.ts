/**
 * The risk step before trading (docs/rules/appropriateness.md; docs/rules/order-states.md trade routing: "risk check
 * next step other than OK goes to risk-reminder first"). The person reads the crypto risk warning and agrees once per
 * version; an individual then takes the appropriateness test. No zod here: the web app loads these without it.
 */
export const RISK_WARNING_PROTOCOL = 'RISK_WARNING';
export const RISK_WARNING_VERSION = '20250101';

/**
 * The appropriateness test's stages (spec §4 questionnaire stages; the wire keeps the product's spelling
 * RISK_WARING_OK). Each names what the person does next:
 * - RISK_WARING_OK: the warning is agreed; the test is explained (continue goes on, terminate ends the journey).
 * - AGREEMENT: the test's declaration, agreed (agreement) before the questions.
 * - QUESTIONS: the questions of an attempt, answered (answer).
 * - ANSWER_WAIT: passed, but an answer says the product may not suit the person: continue or terminate.
 * - IN_SILENT: failed; the 24 h cooling-off runs (silentUntil). AFTER_SILENT: it ended; continue retakes.
 * - CONFIRMATION: the result, read (continue). CONFIRMATION_SIGN: the confirmation, signed (agreement).
 * - PASSED: done (the check answers OK). ANSWER_FAIL, TERMINATED: the failure variants; the account is blocked
 *   (AC100007; AC100005 or AC100006).
 */
export const APPROPRIATENESS_STAGES = [
  'RISK_WARING_OK',
  'AGREEMENT',
  'QUESTIONS',
  'ANSWER_WAIT',
  'IN_SILENT',
  'AFTER_SILENT',
  'CONFIRMATION',
  'CONFIRMATION_SIGN',
  'PASSED',
  'ANSWER_FAIL',
  'TERMINATED',
] as const;
export type AppropriatenessStage = (typeof APPROPRIATENESS_STAGES)[number];

/**
 * What risk/survey/check answers: OK (trade), RISK_WARNING (the warning of the current version is not agreed), a
 * stage of the test but PASSED, or UNAVAILABLE (the test cannot be taken now: no test is published, or the account
 * is blocked or terminated for another reason).
 */
export const RISK_NEXT_STEPS = [
  'OK',
  'RISK_WARNING',
  ...APPROPRIATENESS_STAGES.filter((stage): stage is Exclude<AppropriatenessStage, 'PASSED'> => stage !== 'PASSED'),
  'UNAVAILABLE',
] as const;
export type RiskNextStep = (typeof RISK_NEXT_STEPS)[number];

/** The stages the agreement call signs: the warning, the test's declaration, the confirmation of the result. */
export const RISK_AGREEMENT_STAGES = ['RISK_WARNING', 'AGREEMENT', 'CONFIRMATION_SIGN'] as const;
export type RiskAgreementStage = (typeof RISK_AGREEMENT_STAGES)[number];

/** spec §9: the cooling-off after a failed appropriateness test, before a retry. */
export const APPROPRIATENESS_COOLING_OFF_MS = 24 * 60 * 60 * 1000;

/** How an answered attempt came out: below the pass mark, passed with a concern (ANSWER_WAIT), or passed. */
export const APPROPRIATENESS_OUTCOMES = ['FAIL', 'CONCERN', 'PASS'] as const;
export type AppropriatenessOutcome = (typeof APPROPRIATENESS_OUTCOMES)[number];
