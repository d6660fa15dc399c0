/**
 * The error catalogue: every code the spec (§8) names, plus the request-level codes our server
 * adds. `httpStatus` is what the server answers with; `meaning` is what the code says. The spec
 * leaves some meanings "not shown": the ones we chose are marked `(chosen)` and recorded in
 * docs/decisions/002-error-catalogue.md.
 */
export const ERROR_CATALOGUE = {
  // Session and gateway (spec §8, handled by the web client's HTTP layer).
  USER0000001: { httpStatus: 401, meaning: 'Authentication failed: the token is missing, expired, revoked or of the wrong mode.' },
  GAT9000001: { httpStatus: 503, meaning: 'The gateway is unavailable: the client goes to services-unavailable.' },
  '999999': { httpStatus: 500, meaning: 'Something went wrong: an unexpected server error (no detail is leaked).' },
  '10000041': { httpStatus: 403, meaning: 'UK resident: sign-in needs the UK login notice (UKLoginTitle, UKLoginTips).' },
  '10000047': { httpStatus: 503, meaning: 'Services unavailable for this mode: the client shows services-unavailable with the mode flags.' },
  // Meanings not shown by the spec (chosen).
  USE001000101: { httpStatus: 409, meaning: 'Account already exists, please log in. (chosen)' },
  ODR00001013: { httpStatus: 409, meaning: 'Quotation expired: request a new quote. (chosen)' },
  // Authenticator binding (spec §8 bind codes; display rules live in the web client).
  USE003000011: { httpStatus: 400, meaning: 'Authenticator code is wrong (shown under the code boxes).' },
  USE003000009: { httpStatus: 400, meaning: 'Authenticator setup expired: start the binding again (shown as the top error).' },
  USE003000002: { httpStatus: 400, meaning: 'Email code is wrong (shown under the boxes and as the top error).' },
  USE000002003: { httpStatus: 400, meaning: 'Email code expired (top error).' },
  USE000002004: { httpStatus: 400, meaning: 'Email code already used (top error).' },
  USE000002002: { httpStatus: 429, meaning: 'Too many attempts: Maximum attempts exceeded, try again in 1 hour (text key tooManyTimes).' },
  USE000000003: { httpStatus: 409, meaning: 'An authenticator is already bound (info toast).' },
  USE003000008: { httpStatus: 409, meaning: 'The authenticator is in its cooling-off period (info toast).' },
  USE003000010: { httpStatus: 400, meaning: 'No binding in progress for this account (info toast).' },
  // Sign-in codes added by our server (chosen).
  USE000001001: { httpStatus: 400, meaning: 'Invalid credentials. (chosen)' },
  USE000001002: { httpStatus: 400, meaning: 'This account signs in on the other sign-in page: business accounts on business-login, individual accounts on login-v2. (chosen)' },
  USE000001003: { httpStatus: 400, meaning: 'Accept the terms to create an account. (chosen)' },
  USE000001004: { httpStatus: 409, meaning: 'A password is already set: change it from the security centre. (chosen)' },
  USE000001005: { httpStatus: 400, meaning: 'The current password is wrong. (chosen)' },
  USE000001006: { httpStatus: 400, meaning: 'The authenticator code is required for this change. (chosen)' },
  USE000001007: { httpStatus: 400, meaning: 'The bot check failed: reload the page and try again. (chosen)' },
  USE000001008: { httpStatus: 409, meaning: 'This sign-in step does not fit the current state: start the sign-in again. (chosen)' },
  USE000001009: { httpStatus: 400, meaning: 'A private relay email cannot receive emails: use another address. (chosen)' },
  USE000001010: { httpStatus: 401, meaning: "The merchant's link is invalid or expired: go back to the merchant and start again. (chosen)" },
  USE000002005: { httpStatus: 429, meaning: 'Please wait before asking for a new code. (chosen)' },
  USE000002006: { httpStatus: 400, meaning: 'The sign-in step expired: start again. (chosen)' },
  // Request-level codes added by our server.
  REQ0000400: { httpStatus: 400, meaning: 'The request is malformed: a body, query or header field failed validation.' },
  REQ0000404: { httpStatus: 404, meaning: 'No such call under /prod-api.' },
  REQ0000405: { httpStatus: 405, meaning: 'The call exists but not with this HTTP method.' },
  REQ0000413: { httpStatus: 413, meaning: 'The request body is too large.' },
  REQ0000415: { httpStatus: 415, meaning: 'The request body has an unsupported content type.' },
  REQ0000429: { httpStatus: 429, meaning: 'Too many requests: slow down and try again later.' },
  REQ0000401: { httpStatus: 401, meaning: 'The API key header is missing or wrong.' },
  // Document uploads (sign-upload and the storage's signed URLs). UPL0000001/2 answer the spec §5
  // texts; the codes, and the meanings of the others, are ours (chosen).
  UPL0000001: { httpStatus: 400, meaning: 'File format must be in jpg/jpeg/png/pdf' },
  UPL0000002: { httpStatus: 400, meaning: 'File size must be between 10KB and 5120KB' },
  UPL0000003: { httpStatus: 400, meaning: 'The file path is not valid. (chosen)' },
  UPL0000004: { httpStatus: 403, meaning: 'The file link is invalid or expired: ask for a new one. (chosen)' },
  UPL0000005: { httpStatus: 409, meaning: 'A file is already stored at this path: ask for a new upload link. (chosen)' },
  UPL0000006: { httpStatus: 404, meaning: 'No file is stored at this path. (chosen)' },
  UPL0000007: { httpStatus: 403, meaning: 'The upload link is invalid or has expired: start again on the computer. (chosen)' },
  UPL0000008: { httpStatus: 409, meaning: 'This upload link has taken all the files it accepts. (chosen)' },
  KYC0000001: { httpStatus: 409, meaning: 'Verification cannot start now: it passed, is under review, or the account is blocked. (chosen)' },
  KYC0000002: { httpStatus: 400, meaning: 'A document file is not one this person uploaded, or is missing. (chosen)' },
  KYC0000003: { httpStatus: 409, meaning: 'No entity switch is due for this account, or the statement does not match its target entity. (chosen)' },
  // Cards (spec §5 card rules, §9 limits). Codes ours (chosen); meanings from the spec's texts.
  CRD0000001: { httpStatus: 400, meaning: 'Please enter a valid card number.' },
  CRD0000002: { httpStatus: 400, meaning: 'This card has expired.' },
  CRD0000003: { httpStatus: 409, meaning: 'You can save up to 5 cards: delete one to add another.' },
  CRD0000004: { httpStatus: 409, meaning: 'A new card can be added 48 hours after a card was deleted.' },
  CRD0000005: { httpStatus: 403, meaning: 'Adding cards is suspended for 24 hours after a password or authenticator change.' },
  CRD0000006: { httpStatus: 404, meaning: 'No such card on this account.' },
  CRD0000007: { httpStatus: 402, meaning: 'The card was refused by its bank: try another card.' },
  CRD0000008: { httpStatus: 409, meaning: 'This card is already saved.' },
  CRD0000009: { httpStatus: 503, meaning: 'Payment method unavailable or under maintenance: try again later.' },
  CRD0000010: { httpStatus: 400, meaning: 'The card entry has expired or was already used: enter the card again. (chosen)' },
  // Quotes and orders. Codes ours (chosen) except ODR00001013, whose meaning we chose.
  ODR00001001: { httpStatus: 400, meaning: 'Transaction Limit Exceeded.' },
  ODR00001002: { httpStatus: 400, meaning: 'Trading pair unsupported.' },
  ODR00001003: { httpStatus: 503, meaning: 'Prices are unavailable right now: try again in a moment.' },
  ODR00001004: { httpStatus: 403, meaning: 'Complete identity verification before buying.' },
  ODR00001005: { httpStatus: 400, meaning: 'The wallet address is not valid for this network.' },
  ODR00001006: { httpStatus: 403, meaning: 'This wallet address cannot receive funds from us.' },
  ODR00001007: { httpStatus: 404, meaning: 'No such order.' },
  ODR00001008: { httpStatus: 409, meaning: 'This quote is not the current quote of the order: refresh the quote.' },
  ODR00001009: { httpStatus: 400, meaning: 'Enter the code from your authenticator app to confirm this order.' },
  ODR00001010: { httpStatus: 400, meaning: 'The history range can be at most 365 days.' },
  ODR00001011: { httpStatus: 409, meaning: 'This order was already submitted.' },
  ODR00001012: { httpStatus: 404, meaning: 'No such transaction.' },
  ODR00001014: { httpStatus: 503, meaning: 'Address screening is unavailable right now: try again in a moment.' },
  ODR00001015: { httpStatus: 400, meaning: "This does not match the merchant's transaction: its amount, wallet address and network are set by the merchant. (chosen)" },
  // Idempotency (trust.md "Money"): the same key with another body, or while the first runs.
  IDM0000409: { httpStatus: 409, meaning: 'This request is still being processed: wait for its answer.' },
  IDM0000422: { httpStatus: 422, meaning: 'This key was already used with a different request.' },
  WAL0000001: { httpStatus: 404, meaning: 'No such wallet on this account.' },
  WAL0000002: { httpStatus: 409, meaning: 'Delete wallet failed: the default wallet cannot be deleted.' },
  WAL0000003: { httpStatus: 409, meaning: 'This address is already saved.' },
  // Help centre (issue 6; codes chosen). HLP0000002/3 answer the spec §8 filetype/filesize texts.
  HLP0000001: { httpStatus: 400, meaning: 'This help-desk call is not one the help widget makes: nothing was forwarded. (chosen)' },
  HLP0000002: { httpStatus: 400, meaning: 'File format is not supported. (chosen)' },
  HLP0000003: { httpStatus: 413, meaning: 'Each file must be at most 10 MB. (chosen)' },
  HLP0000004: { httpStatus: 404, meaning: 'No such article or section in the help centre. (chosen)' },
  HLP0000005: { httpStatus: 503, meaning: 'The help desk is unavailable right now: try again in a moment. (chosen)' },
  HLP0000006: { httpStatus: 400, meaning: 'The help desk refused the request or a file (an attachment unknown, expired or already sent, say): attach the file again. (chosen)' },
  WHK0000401: { httpStatus: 401, meaning: "A vendor webhook's signature is missing, wrong or made with a refused algorithm: nothing was done." },
} as const satisfies Record<string, { httpStatus: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Bind-error display rules of spec §8, by code. `under` = message under the code boxes; `top` = top error line. */
export const BIND_ERROR_DISPLAY = {
  USE003000011: 'under',
  USE003000009: 'top',
  USE003000002: 'both',
  USE000002003: 'top',
  USE000002004: 'top',
  USE000002002: 'tooManyTimes',
  USE000000003: 'infoToast',
  USE003000008: 'infoToast',
  USE003000010: 'infoToast',
} as const satisfies Partial<Record<ErrorCode, string>>;
