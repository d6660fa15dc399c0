/**
 * The error catalogue: every code the product names (docs/rules/errors.md), plus the request-level codes our server
 * adds, keyed by the error's name in code. `code` is what the envelope carries on the wire;
 * `httpStatus` is what the server answers with; `meaning` is what the code says. The spec
 * leaves some meanings "not shown": the ones we chose are marked `(chosen)` and recorded in
 * docs/decisions/002-error-catalogue.md.
 */
export const ERROR_CATALOGUE = {
  // Session and gateway (docs/rules/errors.md, handled by the web client's HTTP layer).
  SessionRequired: {
    code: 'USER0000001',
    httpStatus: 401,
    meaning: 'Authentication failed: the token is missing, expired, revoked or of the wrong mode.',
  },
  GatewayUnavailable: {
    code: 'GAT9000001',
    httpStatus: 503,
    meaning: 'The gateway is unavailable: the client goes to services-unavailable.',
  },
  UnexpectedError: { code: '999999', httpStatus: 500, meaning: 'Something went wrong: an unexpected server error (no detail is leaked).' },
  UkLoginNoticeRequired: {
    code: '10000041',
    httpStatus: 403,
    meaning: 'UK resident: sign-in needs the UK login notice (UKLoginTitle, UKLoginTips).',
  },
  ModeUnavailable: {
    code: '10000047',
    httpStatus: 503,
    meaning: 'Services unavailable for this mode: the client shows services-unavailable with the mode flags.',
  },
  // Meanings not shown by the spec (chosen).
  AccountAlreadyExists: { code: 'USE001000101', httpStatus: 409, meaning: 'Account already exists, please log in. (chosen)' },
  QuoteExpired: { code: 'ODR00001013', httpStatus: 409, meaning: 'Quotation expired: request a new quote. (chosen)' },
  // Authenticator binding (docs/rules/errors.md bind codes; display rules live in the web client).
  AuthenticatorCodeWrong: { code: 'USE003000011', httpStatus: 400, meaning: 'Authenticator code is wrong (shown under the code boxes).' },
  AuthenticatorSetupExpired: {
    code: 'USE003000009',
    httpStatus: 400,
    meaning: 'Authenticator setup expired: start the binding again (shown as the top error).',
  },
  EmailCodeWrong: { code: 'USE003000002', httpStatus: 400, meaning: 'Email code is wrong (shown under the boxes and as the top error).' },
  EmailCodeExpired: { code: 'USE000002003', httpStatus: 400, meaning: 'Email code expired (top error).' },
  EmailCodeUsed: { code: 'USE000002004', httpStatus: 400, meaning: 'Email code already used (top error).' },
  TooManyAttempts: {
    code: 'USE000002002',
    httpStatus: 429,
    meaning: 'Too many attempts: Maximum attempts exceeded, try again in 1 hour (text key tooManyTimes).',
  },
  AuthenticatorAlreadyBound: { code: 'USE000000003', httpStatus: 409, meaning: 'An authenticator is already bound (info toast).' },
  AuthenticatorCoolingOff: {
    code: 'USE003000008',
    httpStatus: 409,
    meaning: 'The authenticator is in its cooling-off period (info toast).',
  },
  NoBindingInProgress: { code: 'USE003000010', httpStatus: 400, meaning: 'No binding in progress for this account (info toast).' },
  // Sign-in codes added by our server (chosen).
  InvalidCredentials: { code: 'USE000001001', httpStatus: 400, meaning: 'Invalid credentials. (chosen)' },
  WrongSignInPage: {
    code: 'USE000001002',
    httpStatus: 400,
    meaning:
      'This account signs in on the other sign-in page: business accounts on business-login, individual accounts on login-v2. (chosen)',
  },
  TermsNotAccepted: { code: 'USE000001003', httpStatus: 400, meaning: 'Accept the terms to create an account. (chosen)' },
  PasswordAlreadySet: {
    code: 'USE000001004',
    httpStatus: 409,
    meaning: 'A password is already set: change it from the security centre. (chosen)',
  },
  CurrentPasswordWrong: { code: 'USE000001005', httpStatus: 400, meaning: 'The current password is wrong. (chosen)' },
  AuthenticatorCodeRequiredForChange: {
    code: 'USE000001006',
    httpStatus: 400,
    meaning: 'The authenticator code is required for this change. (chosen)',
  },
  BotCheckFailed: { code: 'USE000001007', httpStatus: 400, meaning: 'The bot check failed: reload the page and try again. (chosen)' },
  SignInStepOutOfOrder: {
    code: 'USE000001008',
    httpStatus: 409,
    meaning: 'This sign-in step does not fit the current state: start the sign-in again. (chosen)',
  },
  PrivateRelayEmail: {
    code: 'USE000001009',
    httpStatus: 400,
    meaning: 'A private relay email cannot receive emails: use another address. (chosen)',
  },
  MerchantLinkInvalid: {
    code: 'USE000001010',
    httpStatus: 401,
    meaning: "The merchant's link is invalid or expired: go back to the merchant and start again. (chosen)",
  },
  EmailCodeAskedTooSoon: { code: 'USE000002005', httpStatus: 429, meaning: 'Please wait before asking for a new code. (chosen)' },
  SignInStepExpired: { code: 'USE000002006', httpStatus: 400, meaning: 'The sign-in step expired: start again. (chosen)' },
  // Request-level codes added by our server.
  MalformedRequest: {
    code: 'REQ0000400',
    httpStatus: 400,
    meaning: 'The request is malformed: a body, query or header field failed validation.',
  },
  NoSuchCall: { code: 'REQ0000404', httpStatus: 404, meaning: 'No such call under /prod-api.' },
  MethodNotAllowed: { code: 'REQ0000405', httpStatus: 405, meaning: 'The call exists but not with this HTTP method.' },
  BodyTooLarge: { code: 'REQ0000413', httpStatus: 413, meaning: 'The request body is too large.' },
  UnsupportedContentType: { code: 'REQ0000415', httpStatus: 415, meaning: 'The request body has an unsupported content type.' },
  TooManyRequests: { code: 'REQ0000429', httpStatus: 429, meaning: 'Too many requests: slow down and try again later.' },
  ApiKeyInvalid: { code: 'REQ0000401', httpStatus: 401, meaning: 'The API key header is missing or wrong.' },
  // Document uploads (sign-upload and the storage's signed URLs). UPL0000001/2 answer the docs/rules/validation.md
  // texts; the codes, and the meanings of the others, are ours (chosen).
  UploadFormatUnsupported: { code: 'UPL0000001', httpStatus: 400, meaning: 'File format must be in jpg/jpeg/png/pdf' },
  UploadSizeOutOfRange: { code: 'UPL0000002', httpStatus: 400, meaning: 'File size must be between 10KB and 5120KB' },
  FilePathInvalid: { code: 'UPL0000003', httpStatus: 400, meaning: 'The file path is not valid. (chosen)' },
  FileLinkInvalid: { code: 'UPL0000004', httpStatus: 403, meaning: 'The file link is invalid or expired: ask for a new one. (chosen)' },
  FileAlreadyStored: {
    code: 'UPL0000005',
    httpStatus: 409,
    meaning: 'A file is already stored at this path: ask for a new upload link. (chosen)',
  },
  FileNotStored: { code: 'UPL0000006', httpStatus: 404, meaning: 'No file is stored at this path. (chosen)' },
  UploadLinkInvalid: {
    code: 'UPL0000007',
    httpStatus: 403,
    meaning: 'The upload link is invalid or has expired: start again on the computer. (chosen)',
  },
  UploadLinkFull: { code: 'UPL0000008', httpStatus: 409, meaning: 'This upload link has taken all the files it accepts. (chosen)' },
  VerificationCannotStart: {
    code: 'KYC0000001',
    httpStatus: 409,
    meaning: 'Verification cannot start now: it passed, is under review, or the account is blocked. (chosen)',
  },
  DocumentFileUnknown: {
    code: 'KYC0000002',
    httpStatus: 400,
    meaning: 'A document file is not one this person uploaded, or is missing. (chosen)',
  },
  EntitySwitchNotDue: {
    code: 'KYC0000003',
    httpStatus: 409,
    meaning: 'No entity switch is due for this account, or the statement does not match its target entity. (chosen)',
  },
  // Cards (docs/rules/validation.md card rules, docs/rules/limits.md limits). Codes ours (chosen); meanings from the spec's texts.
  CardNumberInvalid: { code: 'CRD0000001', httpStatus: 400, meaning: 'Please enter a valid card number.' },
  CardExpired: { code: 'CRD0000002', httpStatus: 400, meaning: 'This card has expired.' },
  CardLimitReached: { code: 'CRD0000003', httpStatus: 409, meaning: 'You can save up to 5 cards: delete one to add another.' },
  CardReaddTooSoon: { code: 'CRD0000004', httpStatus: 409, meaning: 'A new card can be added 48 hours after a card was deleted.' },
  CardAddingSuspended: {
    code: 'CRD0000005',
    httpStatus: 403,
    meaning: 'Adding cards is suspended for 24 hours after a password or authenticator change.',
  },
  CardNotFound: { code: 'CRD0000006', httpStatus: 404, meaning: 'No such card on this account.' },
  CardRefused: { code: 'CRD0000007', httpStatus: 402, meaning: 'The card was refused by its bank: try another card.' },
  CardAlreadySaved: { code: 'CRD0000008', httpStatus: 409, meaning: 'This card is already saved.' },
  PaymentMethodUnavailable: {
    code: 'CRD0000009',
    httpStatus: 503,
    meaning: 'Payment method unavailable or under maintenance: try again later.',
  },
  CardEntryExpired: {
    code: 'CRD0000010',
    httpStatus: 400,
    meaning: 'The card entry has expired or was already used: enter the card again. (chosen)',
  },
  // Quotes and orders. Codes ours (chosen) except ODR00001013, whose meaning we chose.
  TransactionLimitExceeded: { code: 'ODR00001001', httpStatus: 400, meaning: 'Transaction Limit Exceeded.' },
  TradingPairUnsupported: { code: 'ODR00001002', httpStatus: 400, meaning: 'Trading pair unsupported.' },
  PricesUnavailable: { code: 'ODR00001003', httpStatus: 503, meaning: 'Prices are unavailable right now: try again in a moment.' },
  IdentityVerificationRequired: { code: 'ODR00001004', httpStatus: 403, meaning: 'Complete identity verification before buying.' },
  WalletAddressInvalid: { code: 'ODR00001005', httpStatus: 400, meaning: 'The wallet address is not valid for this network.' },
  WalletAddressRefused: { code: 'ODR00001006', httpStatus: 403, meaning: 'This wallet address cannot receive funds from us.' },
  OrderNotFound: { code: 'ODR00001007', httpStatus: 404, meaning: 'No such order.' },
  QuoteNotCurrent: {
    code: 'ODR00001008',
    httpStatus: 409,
    meaning: 'This quote is not the current quote of the order: refresh the quote.',
  },
  AuthenticatorCodeRequiredForOrder: {
    code: 'ODR00001009',
    httpStatus: 400,
    meaning: 'Enter the code from your authenticator app to confirm this order.',
  },
  HistoryRangeTooLong: { code: 'ODR00001010', httpStatus: 400, meaning: 'The history range can be at most 365 days.' },
  OrderAlreadySubmitted: { code: 'ODR00001011', httpStatus: 409, meaning: 'This order was already submitted.' },
  TransactionNotFound: { code: 'ODR00001012', httpStatus: 404, meaning: 'No such transaction.' },
  ScreeningUnavailable: {
    code: 'ODR00001014',
    httpStatus: 503,
    meaning: 'Address screening is unavailable right now: try again in a moment.',
  },
  MerchantTransactionMismatch: {
    code: 'ODR00001015',
    httpStatus: 400,
    meaning: "This does not match the merchant's transaction: its amount, wallet address and network are set by the merchant. (chosen)",
  },
  // Idempotency (docs/trust.md "Money"): the same key with another body, or while the first runs.
  RequestStillProcessing: { code: 'IDM0000409', httpStatus: 409, meaning: 'This request is still being processed: wait for its answer.' },
  IdempotencyKeyReused: { code: 'IDM0000422', httpStatus: 422, meaning: 'This key was already used with a different request.' },
  WalletNotFound: { code: 'WAL0000001', httpStatus: 404, meaning: 'No such wallet on this account.' },
  DefaultWalletUndeletable: { code: 'WAL0000002', httpStatus: 409, meaning: 'Delete wallet failed: the default wallet cannot be deleted.' },
  WalletAddressAlreadySaved: { code: 'WAL0000003', httpStatus: 409, meaning: 'This address is already saved.' },
  // Help centre (issue 6; codes chosen). HLP0000002/3 answer the docs/rules/errors.md filetype/filesize texts.
  HelpDeskCallRefused: {
    code: 'HLP0000001',
    httpStatus: 400,
    meaning: 'This help-desk call is not one the help widget makes: nothing was forwarded. (chosen)',
  },
  HelpFileFormatUnsupported: { code: 'HLP0000002', httpStatus: 400, meaning: 'File format is not supported. (chosen)' },
  HelpFileTooLarge: { code: 'HLP0000003', httpStatus: 413, meaning: 'Each file must be at most 10 MB. (chosen)' },
  HelpArticleNotFound: { code: 'HLP0000004', httpStatus: 404, meaning: 'No such article or section in the help centre. (chosen)' },
  HelpDeskUnavailable: {
    code: 'HLP0000005',
    httpStatus: 503,
    meaning: 'The help desk is unavailable right now: try again in a moment. (chosen)',
  },
  HelpDeskRefusedInput: {
    code: 'HLP0000006',
    httpStatus: 400,
    meaning:
      'The help desk refused the request or a file (an attachment unknown, expired or already sent, say): attach the file again. (chosen)',
  },
  WebhookSignatureInvalid: {
    code: 'WHK0000401',
    httpStatus: 401,
    meaning: "A vendor webhook's signature is missing, wrong or made with a refused algorithm: nothing was done.",
  },
} as const satisfies Record<string, ErrorEntry>;

/** One catalogue entry: the code on the wire, the HTTP status answered with it, what it means. */
export interface ErrorEntry {
  code: string;
  httpStatus: number;
  meaning: string;
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
