/**
 * The error catalogue: every code the product names (docs/rules/errors.md), plus the request-level codes our server
 * adds, keyed by the error's name in code. `code` is what the envelope carries on the wire;
 * `httpStatus` is what the server answers with; what each one means is in error-meanings.ts (kept
 * apart: the browser needs the names and codes, not the texts). The spec leaves some meanings
 * "not shown": the ones we chose are marked `(chosen)` and recorded in docs/decisions/002-error-catalogue.md.
 */
export const ERROR_CATALOGUE = {
  // Session and gateway (docs/rules/errors.md, handled by the web client's HTTP layer).
  SessionRequired: { code: 'USER0000001', httpStatus: 401 },
  GatewayUnavailable: { code: 'GAT9000001', httpStatus: 503 },
  UnexpectedError: { code: '999999', httpStatus: 500 },
  UkLoginNoticeRequired: { code: '10000041', httpStatus: 403 },
  ModeUnavailable: { code: '10000047', httpStatus: 503 },
  // Meanings not shown by the spec (chosen).
  AccountAlreadyExists: { code: 'USE001000101', httpStatus: 409 },
  QuoteExpired: { code: 'ODR00001013', httpStatus: 409 },
  // Authenticator binding (docs/rules/errors.md bind codes; display rules live in the web client).
  AuthenticatorCodeWrong: { code: 'USE003000011', httpStatus: 400 },
  AuthenticatorSetupExpired: { code: 'USE003000009', httpStatus: 400 },
  EmailCodeWrong: { code: 'USE003000002', httpStatus: 400 },
  EmailCodeExpired: { code: 'USE000002003', httpStatus: 400 },
  EmailCodeUsed: { code: 'USE000002004', httpStatus: 400 },
  TooManyAttempts: { code: 'USE000002002', httpStatus: 429 },
  AuthenticatorAlreadyBound: { code: 'USE000000003', httpStatus: 409 },
  AuthenticatorCoolingOff: { code: 'USE003000008', httpStatus: 409 },
  NoBindingInProgress: { code: 'USE003000010', httpStatus: 400 },
  // Sign-in codes added by our server (chosen).
  InvalidCredentials: { code: 'USE000001001', httpStatus: 400 },
  WrongSignInPage: { code: 'USE000001002', httpStatus: 400 },
  TermsNotAccepted: { code: 'USE000001003', httpStatus: 400 },
  PasswordAlreadySet: { code: 'USE000001004', httpStatus: 409 },
  CurrentPasswordWrong: { code: 'USE000001005', httpStatus: 400 },
  AuthenticatorCodeRequiredForChange: { code: 'USE000001006', httpStatus: 400 },
  BotCheckFailed: { code: 'USE000001007', httpStatus: 400 },
  SignInStepOutOfOrder: { code: 'USE000001008', httpStatus: 409 },
  PrivateRelayEmail: { code: 'USE000001009', httpStatus: 400 },
  MerchantLinkInvalid: { code: 'USE000001010', httpStatus: 401 },
  EmailCodeAskedTooSoon: { code: 'USE000002005', httpStatus: 429 },
  SignInStepExpired: { code: 'USE000002006', httpStatus: 400 },
  // Sign-in with the identity provider (docs/rules/calls.md "OAuth sign-in"; codes chosen).
  OauthUnavailable: { code: 'OAU0000001', httpStatus: 503 },
  OauthTicketInvalid: { code: 'OAU0000002', httpStatus: 400 },
  OauthSignInRefused: { code: 'OAU0000003', httpStatus: 400 },
  OauthEmailNotVerified: { code: 'OAU0000004', httpStatus: 403 },
  OauthRedirectUriInvalid: { code: 'OAU0000005', httpStatus: 400 },
  OauthProviderUnreachable: { code: 'OAU0000006', httpStatus: 503 },
  // Request-level codes added by our server.
  MalformedRequest: { code: 'REQ0000400', httpStatus: 400 },
  NoSuchCall: { code: 'REQ0000404', httpStatus: 404 },
  MethodNotAllowed: { code: 'REQ0000405', httpStatus: 405 },
  BodyTooLarge: { code: 'REQ0000413', httpStatus: 413 },
  UnsupportedContentType: { code: 'REQ0000415', httpStatus: 415 },
  TooManyRequests: { code: 'REQ0000429', httpStatus: 429 },
  ApiKeyInvalid: { code: 'REQ0000401', httpStatus: 401 },
  // Document uploads (sign-upload and the storage's signed URLs). UPL0000001/2 answer the docs/rules/validation.md
  // texts; the codes, and the meanings of the others, are ours (chosen).
  UploadFormatUnsupported: { code: 'UPL0000001', httpStatus: 400 },
  UploadSizeOutOfRange: { code: 'UPL0000002', httpStatus: 400 },
  FilePathInvalid: { code: 'UPL0000003', httpStatus: 400 },
  FileLinkInvalid: { code: 'UPL0000004', httpStatus: 403 },
  FileAlreadyStored: { code: 'UPL0000005', httpStatus: 409 },
  FileNotStored: { code: 'UPL0000006', httpStatus: 404 },
  UploadLinkInvalid: { code: 'UPL0000007', httpStatus: 403 },
  UploadLinkFull: { code: 'UPL0000008', httpStatus: 409 },
  VerificationCannotStart: { code: 'KYC0000001', httpStatus: 409 },
  DocumentFileUnknown: { code: 'KYC0000002', httpStatus: 400 },
  EntitySwitchNotDue: { code: 'KYC0000003', httpStatus: 409 },
  // Agreements (docs/rules/agreements.md; codes chosen).
  AgreementVersionNotCurrent: { code: 'AGR0000001', httpStatus: 400 },
  AgreementNotForEntity: { code: 'AGR0000002', httpStatus: 400 },
  // Business verification (docs/rules/kyb.md). Codes ours (chosen).
  KybNotEditable: { code: 'KYB0000001', httpStatus: 409 },
  KybIncomplete: { code: 'KYB0000002', httpStatus: 400 },
  KybRuleBroken: { code: 'KYB0000003', httpStatus: 400 },
  KybEntryNotFound: { code: 'KYB0000004', httpStatus: 404 },
  KybLinkInvalid: { code: 'KYB0000005', httpStatus: 403 },
  KybEmailTooSoon: { code: 'KYB0000006', httpStatus: 429 },
  KybEddNotRequested: { code: 'KYB0000007', httpStatus: 409 },
  // The dynamic questionnaire (docs/rules/questionnaire.md). Codes ours (chosen).
  QuestionnaireIncomplete: { code: 'QNR0000001', httpStatus: 400 },
  QuestionnaireNotAsked: { code: 'QNR0000002', httpStatus: 409 },
  QuestionnaireQuestionUnknown: { code: 'QNR0000003', httpStatus: 404 },
  QuestionnaireAnswerInvalid: { code: 'QNR0000004', httpStatus: 400 },
  QuestionnaireQuestionExists: { code: 'QNR0000005', httpStatus: 409 },
  // Enhanced due diligence of individuals (docs/rules/edd.md). Codes ours (chosen).
  EddNotRequested: { code: 'EDD0000001', httpStatus: 409 },
  EddFilesDuplicated: { code: 'EDD0000002', httpStatus: 400 },
  EddCaseNotFound: { code: 'EDD0000003', httpStatus: 404 },
  EddDecisionRefused: { code: 'EDD0000004', httpStatus: 409 },
  EddInputInvalid: { code: 'EDD0000005', httpStatus: 400 },
  // Cards (docs/rules/validation.md card rules, docs/rules/limits.md limits). Codes ours (chosen); meanings from the spec's texts.
  CardNumberInvalid: { code: 'CRD0000001', httpStatus: 400 },
  CardExpired: { code: 'CRD0000002', httpStatus: 400 },
  CardLimitReached: { code: 'CRD0000003', httpStatus: 409 },
  CardReaddTooSoon: { code: 'CRD0000004', httpStatus: 409 },
  CardAddingSuspended: { code: 'CRD0000005', httpStatus: 403 },
  CardNotFound: { code: 'CRD0000006', httpStatus: 404 },
  CardRefused: { code: 'CRD0000007', httpStatus: 402 },
  CardAlreadySaved: { code: 'CRD0000008', httpStatus: 409 },
  PaymentMethodUnavailable: { code: 'CRD0000009', httpStatus: 503 },
  CardEntryExpired: { code: 'CRD0000010', httpStatus: 400 },
  // Quotes and orders. Codes ours (chosen) except ODR00001013, whose meaning we chose.
  TransactionLimitExceeded: { code: 'ODR00001001', httpStatus: 400 },
  TradingPairUnsupported: { code: 'ODR00001002', httpStatus: 400 },
  PricesUnavailable: { code: 'ODR00001003', httpStatus: 503 },
  IdentityVerificationRequired: { code: 'ODR00001004', httpStatus: 403 },
  WalletAddressInvalid: { code: 'ODR00001005', httpStatus: 400 },
  WalletAddressRefused: { code: 'ODR00001006', httpStatus: 403 },
  OrderNotFound: { code: 'ODR00001007', httpStatus: 404 },
  QuoteNotCurrent: { code: 'ODR00001008', httpStatus: 409 },
  AuthenticatorCodeRequiredForOrder: { code: 'ODR00001009', httpStatus: 400 },
  HistoryRangeTooLong: { code: 'ODR00001010', httpStatus: 400 },
  OrderAlreadySubmitted: { code: 'ODR00001011', httpStatus: 409 },
  TransactionNotFound: { code: 'ODR00001012', httpStatus: 404 },
  ScreeningUnavailable: { code: 'ODR00001014', httpStatus: 503 },
  MerchantTransactionMismatch: { code: 'ODR00001015', httpStatus: 400 },
  SellSuspended: { code: 'ODR00001016', httpStatus: 403 },
  DepositAddressUnavailable: { code: 'ODR00001017', httpStatus: 503 },
  KlarnaAuthorizationNotExpected: { code: 'ODR00001018', httpStatus: 409 },
  KlarnaSessionMismatch: { code: 'ODR00001019', httpStatus: 400 },
  TravelRuleAnswerRequired: { code: 'ODR00001020', httpStatus: 400 },
  HistoryExportLimitReached: { code: 'ODR00001021', httpStatus: 429 },
  HistoryExportNotFound: { code: 'ODR00001022', httpStatus: 404 },
  HistoryRangeInFuture: { code: 'ODR00001023', httpStatus: 400 },
  // The trading account (docs/rules/bank-transfers.md): the spec's "Insufficient balance"; a saved account that cannot take the currency.
  InsufficientBalance: { code: 'ODR00001024', httpStatus: 409 },
  WithdrawalAccountUnsupported: { code: 'ODR00001025', httpStatus: 400 },
  // docs/rules/card-disputes.md: a person with a card dispute open buys by card again once it ends.
  CardBuysPausedByDispute: { code: 'ODR00001026', httpStatus: 403 },
  // A merchant's BUY_SEND transaction on an entry that does not offer buy-and-send (entry/enable-buy-send).
  BuySendNotOffered: { code: 'ODR00001027', httpStatus: 403 },
  // Fees, limits, pairs and feature switches changed by an operator (docs/rules/limits.md "Who changes them"; codes chosen).
  SettingValueInvalid: { code: 'SET0000001', httpStatus: 400 },
  SettingNotFound: { code: 'SET0000002', httpStatus: 404 },
  // Idempotency (docs/trust.md "Money"): the same key with another body, or while the first runs.
  RequestStillProcessing: { code: 'IDM0000409', httpStatus: 409 },
  IdempotencyKeyReused: { code: 'IDM0000422', httpStatus: 422 },
  WalletNotFound: { code: 'WAL0000001', httpStatus: 404 },
  DefaultWalletUndeletable: { code: 'WAL0000002', httpStatus: 409 },
  WalletAddressAlreadySaved: { code: 'WAL0000003', httpStatus: 409 },
  // Saved bank accounts (docs/rules/bank-accounts.md). Codes ours (chosen); all but BKA0000005 and 9 to 12 answer the spec's texts.
  BankIbanInvalid: { code: 'BKA0000001', httpStatus: 400 },
  BankBicInvalid: { code: 'BKA0000002', httpStatus: 400 },
  BankRoutingNumberInvalid: { code: 'BKA0000003', httpStatus: 400 },
  BankAccountNumberInvalid: { code: 'BKA0000004', httpStatus: 400 },
  BankSortCodeInvalid: { code: 'BKA0000005', httpStatus: 400 },
  BankAccountUsedByAnother: { code: 'BKA0000006', httpStatus: 409 },
  BankAccountLimitReached: { code: 'BKA0000007', httpStatus: 409 },
  BankAccountDailyLimitReached: { code: 'BKA0000008', httpStatus: 409 },
  BankAccountAddingSuspended: { code: 'BKA0000009', httpStatus: 403 },
  BankAccountNotFound: { code: 'BKA0000010', httpStatus: 404 },
  BankAccountNameMismatch: { code: 'BKA0000011', httpStatus: 400 },
  BankAccountVerificationRequired: { code: 'BKA0000012', httpStatus: 403 },
  // Help centre (issue 6; codes chosen). HLP0000002/3 answer the docs/rules/errors.md filetype/filesize texts.
  HelpDeskCallRefused: { code: 'HLP0000001', httpStatus: 400 },
  HelpFileFormatUnsupported: { code: 'HLP0000002', httpStatus: 400 },
  HelpFileTooLarge: { code: 'HLP0000003', httpStatus: 413 },
  HelpArticleNotFound: { code: 'HLP0000004', httpStatus: 404 },
  HelpDeskUnavailable: { code: 'HLP0000005', httpStatus: 503 },
  HelpDeskRefusedInput: { code: 'HLP0000006', httpStatus: 400 },
  WebhookSignatureInvalid: { code: 'WHK0000401', httpStatus: 401 },
  // Merchants' webhook endpoints (docs/rules/merchant-webhooks.md; codes chosen).
  MerchantWebhookUrlInvalid: { code: 'MWH0000001', httpStatus: 400 },
  MerchantWebhookEndpointLimit: { code: 'MWH0000002', httpStatus: 409 },
  MerchantWebhookNotFound: { code: 'MWH0000003', httpStatus: 404 },
  // The merchant console (docs/rules/merchant-console.md; codes chosen).
  MerchantNotMember: { code: 'MCN0000001', httpStatus: 403 },
  MerchantKeyNotFound: { code: 'MCN0000002', httpStatus: 404 },
  MerchantKeyLimit: { code: 'MCN0000003', httpStatus: 409 },
  MerchantOriginLimit: { code: 'MCN0000004', httpStatus: 409 },
  // Promotional emails' unsubscribe links (docs/rules/calls.md "Promotional emails"; codes chosen).
  UnsubscribeLinkInvalid: { code: 'PRM0000001', httpStatus: 403 },
  UnsubscribeLinkReplaced: { code: 'PRM0000002', httpStatus: 410 },
  // The appropriateness test (docs/rules/appropriateness.md; codes chosen).
  RiskStepOutOfOrder: { code: 'RSK0000001', httpStatus: 409 },
  AppropriatenessCoolingOff: { code: 'RSK0000002', httpStatus: 409 },
  AppropriatenessAnswersInvalid: { code: 'RSK0000003', httpStatus: 400 },
  AppropriatenessUnavailable: { code: 'RSK0000004', httpStatus: 409 },
  RiskStepsRequired: { code: 'RSK0000005', httpStatus: 403 },
  // The operator's desk (docs/rules/operator-desk.md; codes chosen).
  OperatorSessionRequired: { code: 'DSK0000001', httpStatus: 401 },
  OperatorSignInRefused: { code: 'DSK0000002', httpStatus: 400 },
  OperatorSignInStepExpired: { code: 'DSK0000003', httpStatus: 400 },
  OperatorPermissionRefused: { code: 'DSK0000004', httpStatus: 403 },
  OperatorTargetNotFound: { code: 'DSK0000005', httpStatus: 404 },
  OperatorCannotChangeSelf: { code: 'DSK0000006', httpStatus: 409 },
  // Actions on what waits for an operator (docs/rules/operator-desk.md "Acting on what waits"): a block of their own, 21–29.
  WaitingItemSettled: { code: 'DSK0000021', httpStatus: 409 },
  PayoutOutcomeContradicted: { code: 'DSK0000022', httpStatus: 409 },
  SuspenseCurrencyNotKept: { code: 'DSK0000023', httpStatus: 409 },
  SuspensePersonClosed: { code: 'DSK0000024', httpStatus: 409 },
  ReviewDecisionOnItsWay: { code: 'DSK0000025', httpStatus: 409 },
  MoneyStillOwed: { code: 'DSK0000026', httpStatus: 409 },
  ReturnAddressRefused: { code: 'DSK0000027', httpStatus: 400 },
} as const satisfies Record<string, ErrorEntry>;

/** One catalogue entry: the code on the wire, and the HTTP status answered with it (what it means: error-meanings.ts). */
export interface ErrorEntry {
  code: string;
  httpStatus: number;
}

/** An error's name in code (`QuoteExpired`): what throws and comparisons use. */
export type ErrorName = keyof typeof ERROR_CATALOGUE;

/** An error's code on the wire (`ODR00001013`): what the envelope carries, and only that. */
export type WireCode = (typeof ERROR_CATALOGUE)[ErrorName]['code'];

/**
 * The names as values, so code says `ErrorCode.QuoteExpired` (whose value is 'QuoteExpired')
 * and a typo fails to compile.
 */
export const ErrorCode = Object.fromEntries(Object.keys(ERROR_CATALOGUE).map((name) => [name, name])) as {
  readonly [Name in ErrorName]: Name;
};

/** The code the envelope carries for an error. */
export const wireCodeOf = (name: ErrorName): WireCode => ERROR_CATALOGUE[name].code;

const NAME_BY_WIRE_CODE: ReadonlyMap<string, ErrorName> = new Map(
  (Object.keys(ERROR_CATALOGUE) as ErrorName[]).map((name) => [ERROR_CATALOGUE[name].code, name]),
);

/** The name of a code read off the wire; undefined for a code the catalogue does not hold. */
export const errorNameOf = (wireCode: string): ErrorName | undefined => NAME_BY_WIRE_CODE.get(wireCode);

/** Bind-error display rules of docs/rules/errors.md, by error. `under` = message under the code boxes; `top` = top error line. */
export const BIND_ERROR_DISPLAY = {
  AuthenticatorCodeWrong: 'under',
  AuthenticatorSetupExpired: 'top',
  EmailCodeWrong: 'both',
  EmailCodeExpired: 'top',
  EmailCodeUsed: 'top',
  TooManyAttempts: 'tooManyTimes',
  AuthenticatorAlreadyBound: 'infoToast',
  AuthenticatorCoolingOff: 'infoToast',
  NoBindingInProgress: 'infoToast',
} as const satisfies Partial<Record<ErrorName, string>>;
