/**
 * Enhanced due diligence of individuals (docs/rules/edd.md): the rules both sides need, without Zod (the web
 * app's pages read them without loading the schemas).
 */

/** A person's risk rating, lowest first: high asks for EDD, extreme blocks the account (AC100008). */
export const RISK_RATINGS = ['low', 'medium', 'high', 'extreme'] as const;
export type RiskRating = (typeof RISK_RATINGS)[number];

/**
 * Where a person's EDD stands, as their account info and edd-detail say it (docs/rules/order-states.md stages):
 * Initial asked and waiting for answers, RFI more asked by the reviewer, Pending under review, Pass, Fail.
 */
export const EDD_STATUSES = ['Initial', 'RFI', 'Pending', 'Pass', 'Fail'] as const;
export type EddStatus = (typeof EDD_STATUSES)[number];

/** The two parts of an individual's EDD: source of wealth (SOW) and source of funds (SOF). */
export const EDD_PARTS = ['SOW', 'SOF'] as const;
export type EddPart = (typeof EDD_PARTS)[number];

/** How the person built up what they own (source of wealth). */
export const SOURCE_OF_WEALTH_CHOICES = [
  'EMPLOYMENT',
  'BUSINESS',
  'INVESTMENTS',
  'INHERITANCE_OR_GIFT',
  'PROPERTY_SALE',
  'PENSION',
  'CRYPTO_ASSETS',
  'OTHER',
] as const;
export type SourceOfWealthChoice = (typeof SOURCE_OF_WEALTH_CHOICES)[number];

/** Where the money they trade with comes from (source of funds). */
export const SOURCE_OF_FUNDS_CHOICES = [
  'SALARY',
  'SAVINGS',
  'BUSINESS_INCOME',
  'INVESTMENT_SALE',
  'PROPERTY_SALE',
  'LOAN',
  'GIFT',
  'CRYPTO_SALE',
  'OTHER',
] as const;
export type SourceOfFundsChoice = (typeof SOURCE_OF_FUNDS_CHOICES)[number];

/** The text that explains a part: at least a few characters, at most this many. */
export const EDD_TEXT_MIN_LENGTH = 10;
export const EDD_TEXT_MAX_LENGTH = 2000;
/** Evidence files of one part: at least one, at most this many. */
export const EDD_MAX_FILES = 5;
/** The reviewer's message with a request for information, and a decision's note. */
export const EDD_MESSAGE_MAX_LENGTH = 1000;

/**
 * What an option's hint carries where the example bank statement goes: the options call answers the link beside
 * it, and the page shows the link in its place (docs/rules/edd.md "Options").
 */
export const BANK_STATEMENT_EXAMPLE_PLACEHOLDER = '{bankStatementExample}';
