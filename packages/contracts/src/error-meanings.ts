import type { ErrorName } from './errors.ts';

/**
 * What each error of the catalogue (errors.ts) means: the server's default message for it, and the
 * documentation. Apart from the codes so that the browser, which needs only names and codes, does
 * not download these texts.
 */
export const ERROR_MEANINGS = {
  // Session and gateway (docs/rules/errors.md, handled by the web client's HTTP layer).
  SessionRequired: 'Authentication failed: the token is missing, expired, revoked or of the wrong mode.',
  GatewayUnavailable: 'The gateway is unavailable: the client goes to services-unavailable.',
  UnexpectedError: 'Something went wrong: an unexpected server error (no detail is leaked).',
  UkLoginNoticeRequired: 'UK resident: sign-in needs the UK login notice (UKLoginTitle, UKLoginTips).',
  ModeUnavailable: 'Services unavailable for this mode: the client shows services-unavailable with the mode flags.',
  // Meanings not shown by the spec (chosen).
  AccountAlreadyExists: 'Account already exists, please log in. (chosen)',
  QuoteExpired: 'Quotation expired: request a new quote. (chosen)',
  // Authenticator binding (docs/rules/errors.md bind codes; display rules live in the web client).
  AuthenticatorCodeWrong: 'Authenticator code is wrong (shown under the code boxes).',
  AuthenticatorSetupExpired: 'Authenticator setup expired: start the binding again (shown as the top error).',
  EmailCodeWrong: 'Email code is wrong (shown under the boxes and as the top error).',
  EmailCodeExpired: 'Email code expired (top error).',
  EmailCodeUsed: 'Email code already used (top error).',
  TooManyAttempts: 'Too many attempts: Maximum attempts exceeded, try again in 1 hour (text key tooManyTimes).',
  AuthenticatorAlreadyBound: 'An authenticator is already bound (info toast).',
  AuthenticatorCoolingOff: 'The authenticator is in its cooling-off period (info toast).',
  NoBindingInProgress: 'No binding in progress for this account (info toast).',
  // Sign-in codes added by our server (chosen).
  InvalidCredentials: 'Invalid credentials. (chosen)',
  WrongSignInPage:
    'This account signs in on the other sign-in page: business accounts on business-login, individual accounts on login-v2. (chosen)',
  TermsNotAccepted: 'Accept the terms to create an account. (chosen)',
  PasswordAlreadySet: 'A password is already set: change it from the security centre. (chosen)',
  CurrentPasswordWrong: 'The current password is wrong. (chosen)',
  AuthenticatorCodeRequiredForChange: 'The authenticator code is required for this change. (chosen)',
  BotCheckFailed: 'The bot check failed: reload the page and try again. (chosen)',
  SignInStepOutOfOrder: 'This sign-in step does not fit the current state: start the sign-in again. (chosen)',
  PrivateRelayEmail: 'A private relay email cannot receive emails: use another address. (chosen)',
  MerchantLinkInvalid: "The merchant's link is invalid or expired: go back to the merchant and start again. (chosen)",
  EmailCodeAskedTooSoon: 'Please wait before asking for a new code. (chosen)',
  SignInStepExpired: 'The sign-in step expired: start again. (chosen)',
  OauthUnavailable: 'Sign-in with the identity provider is not offered on this install. (chosen)',
  OauthTicketInvalid: 'The sign-in ticket (state) is invalid, expired or already used: start the sign-in again. (chosen)',
  OauthSignInRefused:
    'The identity provider did not confirm the sign-in: its code is wrong, expired or used, or its ID token failed verification. (chosen)',
  OauthEmailNotVerified:
    'The identity provider did not share a verified email, which a new or not yet linked account needs: sign in with your email instead. (chosen)',
  OauthRedirectUriInvalid: "The redirect address is not this site's oauth-callback page. (chosen)",
  OauthProviderUnreachable: 'The identity provider could not be reached, or answered unexpectedly: try again in a moment. (chosen)',
  // Request-level codes added by our server.
  MalformedRequest: 'The request is malformed: a body, query or header field failed validation.',
  NoSuchCall: 'No such call under /prod-api.',
  MethodNotAllowed: 'The call exists but not with this HTTP method.',
  BodyTooLarge: 'The request body is too large.',
  UnsupportedContentType: 'The request body has an unsupported content type.',
  TooManyRequests: 'Too many requests: slow down and try again later.',
  ApiKeyInvalid: 'The API key header is missing or wrong.',
  // Document uploads (sign-upload and the storage's signed URLs). UPL0000001/2 answer the docs/rules/validation.md
  // texts; the codes, and the meanings of the others, are ours (chosen).
  UploadFormatUnsupported: 'File format must be in jpg/jpeg/png/pdf',
  UploadSizeOutOfRange: 'File size must be between 10KB and 5120KB',
  FilePathInvalid: 'The file path is not valid. (chosen)',
  FileLinkInvalid: 'The file link is invalid or expired: ask for a new one. (chosen)',
  FileAlreadyStored: 'A file is already stored at this path: ask for a new upload link. (chosen)',
  FileNotStored: 'No file is stored at this path. (chosen)',
  UploadLinkInvalid: 'The upload link is invalid or has expired: start again on the computer. (chosen)',
  UploadLinkFull: 'This upload link has taken all the files it accepts. (chosen)',
  VerificationCannotStart: 'Verification cannot start now: it passed, is under review, or the account is blocked. (chosen)',
  DocumentFileUnknown: 'A document file is not one this person uploaded, or is missing. (chosen)',
  EntitySwitchNotDue: 'No entity switch is due for this account, or the statement does not match its target entity. (chosen)',
  AgreementVersionNotCurrent:
    'This is not the current version of that agreement: reload and accept the current one. Nothing was recorded. (chosen)',
  AgreementNotForEntity:
    "That statement is another entity's: accept your own entity's, or move through the entity switch. Nothing was recorded. (chosen)",
  KybNotEditable: 'The verification form was submitted: it can change again only when the reviewer asks for corrections. (chosen)',
  KybIncomplete: 'The verification form is not complete: the message names what is missing. (chosen)',
  KybRuleBroken: 'A business verification rule is not met: the message says which. (chosen)',
  KybEntryNotFound: 'No such person or company in this business verification. (chosen)',
  KybLinkInvalid: 'This verification link is invalid or has expired: ask the business to send a new one. (chosen)',
  KybEmailTooSoon: 'The verification email was sent moments ago, or too often today: try again later. (chosen)',
  KybEddNotRequested: 'Enhanced due diligence is not asked of this business now. (chosen)',
  // The dynamic questionnaire (docs/rules/questionnaire.md). Codes ours (chosen).
  QuestionnaireIncomplete:
    'Answer every question: the message and data.missingQuestionIds name the questions without an answer. Nothing was stored. (chosen)',
  QuestionnaireNotAsked: 'No questionnaire is asked of this person now (answered already, or never asked). (chosen)',
  QuestionnaireQuestionUnknown: 'No such question in the questionnaire asked of this person. (chosen)',
  QuestionnaireAnswerInvalid:
    'An answer does not fit the questionnaire (a question not asked, a question answered twice, too many files). Nothing was stored. (chosen)',
  QuestionnaireQuestionExists: 'A question with this id exists already. (chosen)',
  // Enhanced due diligence of individuals (docs/rules/edd.md). Codes ours (chosen).
  EddNotRequested: 'No enhanced due diligence awaits answers from this person now (never asked, under review or decided). (chosen)',
  EddFilesDuplicated:
    'A source-of-funds file is the same file (by its content) as a source-of-wealth file, or one file is given twice: the message names them; nothing is stored. (chosen)',
  EddCaseNotFound: 'No such enhanced due diligence case, or no such person. (chosen)',
  EddDecisionRefused: 'The case is not waiting for this decision (already decided, or not under review). (chosen)',
  EddInputInvalid: "An operator's EDD input is not valid: the message names the field and why; nothing is changed. (chosen)",
  // Cards (docs/rules/validation.md card rules, docs/rules/limits.md limits). Codes ours (chosen); meanings from the spec's texts.
  CardNumberInvalid: 'Please enter a valid card number.',
  CardExpired: 'This card has expired.',
  CardLimitReached: 'You can save up to 5 cards: delete one to add another.',
  CardReaddTooSoon: 'A new card can be added 48 hours after a card was deleted.',
  CardAddingSuspended: 'Adding cards is suspended for 24 hours after a password or authenticator change.',
  CardNotFound: 'No such card on this account.',
  CardRefused: 'The card was refused by its bank: try another card.',
  CardAlreadySaved: 'This card is already saved.',
  PaymentMethodUnavailable: 'Payment method unavailable or under maintenance: try again later.',
  CardEntryExpired: 'The card entry has expired or was already used: enter the card again. (chosen)',
  // Quotes and orders. Codes ours (chosen) except ODR00001013, whose meaning we chose.
  TransactionLimitExceeded: 'Transaction Limit Exceeded.',
  TradingPairUnsupported: 'Trading pair unsupported.',
  PricesUnavailable: 'Prices are unavailable right now: try again in a moment.',
  IdentityVerificationRequired: 'Complete identity verification before buying.',
  WalletAddressInvalid: 'The wallet address is not valid for this network.',
  WalletAddressRefused: 'This wallet address cannot receive funds from us.',
  OrderNotFound: 'No such order.',
  QuoteNotCurrent: 'This quote is not the current quote of the order: refresh the quote.',
  AuthenticatorCodeRequiredForOrder: 'Enter the code from your authenticator app to confirm this order.',
  HistoryRangeTooLong: 'The history range can be at most 365 days.',
  OrderAlreadySubmitted: 'This order was already submitted.',
  TransactionNotFound: 'No such transaction.',
  ScreeningUnavailable: 'Address screening is unavailable right now: try again in a moment.',
  MerchantTransactionMismatch:
    "This does not match the merchant's transaction: its amount, wallet address and network are set by the merchant. (chosen)",
  BuySendNotOffered: "Buy-and-send is not offered on this merchant's entry. (chosen)",
  CardBuysPausedByDispute: 'Card buys are paused while a dispute (chargeback) of one of your card payments is open. (chosen)',
  SellSuspended: 'Selling is paused for 24 hours after a password or authenticator change. (chosen)',
  DepositAddressUnavailable: 'No deposit address can be made right now: try again in a moment. (chosen)',
  KlarnaAuthorizationNotExpected:
    'This order is not waiting for a Klarna authorization: it is not a Klarna buy, or it was authorized or ended already. (chosen)',
  KlarnaSessionMismatch: "This Klarna session is not this order's. (chosen)",
  TravelRuleAnswerRequired: 'Say who holds the wallet: yourself, or an exchange or service from the list. (chosen)',
  HistoryExportLimitReached: 'You can ask for at most 10 history exports a day: try again tomorrow. (chosen)',
  HistoryExportNotFound: 'No such export: it expired, or it is not yours. (chosen)',
  HistoryRangeInFuture: 'The history range cannot end after today. (chosen)',
  InsufficientBalance: 'Insufficient balance.',
  WithdrawalAccountUnsupported: 'This bank account cannot receive this currency: choose an account in it. (chosen)',
  // Fees, limits, pairs and feature switches changed by an operator (docs/rules/limits.md "Who changes them").
  SettingValueInvalid:
    'A fee, limit, pair or feature switch value was refused (the message names the field and why); nothing was changed. (chosen)',
  SettingNotFound: 'No such fee, limit tier, pair, pair channel or feature switch to change; nothing was changed. (chosen)',
  // Idempotency (docs/trust.md "Money"): the same key with another body, or while the first runs.
  RequestStillProcessing: 'This request is still being processed: wait for its answer.',
  IdempotencyKeyReused: 'This key was already used with a different request.',
  WalletNotFound: 'No such wallet on this account.',
  DefaultWalletUndeletable: 'Delete wallet failed: the default wallet cannot be deleted.',
  WalletAddressAlreadySaved: 'This address is already saved.',
  // Saved bank accounts (docs/rules/bank-accounts.md). Codes ours (chosen); all but BKA0000005 and 9 to 12 answer the spec's texts.
  BankIbanInvalid: 'Invalid IBAN.',
  BankBicInvalid: 'Invalid SWIFT/BIC.',
  BankRoutingNumberInvalid: 'Invalid ABA routing number.',
  BankAccountNumberInvalid: 'Invalid account number.',
  BankSortCodeInvalid: 'Invalid sort code.',
  BankAccountUsedByAnother: 'IBAN already used by another user.',
  BankAccountLimitReached: 'Limit reached: you can save up to 10 bank accounts. Delete one to add another.',
  BankAccountDailyLimitReached: 'Limit reached: you can add up to 3 bank accounts in 24 hours. (data.availableAt says when)',
  BankAccountAddingSuspended: 'Adding bank accounts is suspended for 24 hours after a password or authenticator change. (chosen)',
  BankAccountNotFound: 'No such bank account on this account. (chosen)',
  BankAccountNameMismatch: 'The bank account must be in your own name, as verified. (chosen)',
  BankAccountVerificationRequired: 'Complete identity verification before adding a bank account. (chosen)',
  // Help centre (issue 6; codes chosen). HLP0000002/3 answer the docs/rules/errors.md filetype/filesize texts.
  HelpDeskCallRefused: 'This help-desk call is not one the help widget makes: nothing was forwarded. (chosen)',
  HelpFileFormatUnsupported: 'File format is not supported. (chosen)',
  HelpFileTooLarge: 'Each file must be at most 10 MB. (chosen)',
  HelpArticleNotFound: 'No such article or section in the help centre. (chosen)',
  HelpDeskUnavailable: 'The help desk is unavailable right now: try again in a moment. (chosen)',
  HelpDeskRefusedInput:
    'The help desk refused the request or a file (an attachment unknown, expired or already sent, say): attach the file again. (chosen)',
  WebhookSignatureInvalid: "A vendor webhook's signature is missing, wrong or made with a refused algorithm: nothing was done.",
  MerchantWebhookUrlInvalid: 'The webhook endpoint URL is not one we post to: the words say why (https, no credentials, length). (chosen)',
  MerchantWebhookEndpointLimit: 'The merchant has as many webhook endpoints as it may: disable or remove one first. (chosen)',
  MerchantWebhookNotFound: 'No such webhook endpoint or message of this merchant. (chosen)',
  MerchantNotMember: 'You do not manage this merchant. (chosen)',
  MerchantKeyNotFound: 'No such API key of this merchant. (chosen)',
  MerchantKeyLimit: 'The merchant has as many working API keys as it may (5): revoke one first. (chosen)',
  MerchantOriginLimit: 'The merchant has as many allowed origins as it may (20): remove one first. (chosen)',
  UnsubscribeLinkInvalid:
    'This unsubscribe link is not one we sent, or it was altered: use the link of the email itself, or Settings. (chosen)',
  UnsubscribeLinkReplaced:
    'This unsubscribe link was replaced: you subscribed again in Settings after this email was sent. Use a newer email, or Settings. (chosen)',
  RiskStepOutOfOrder:
    'This step of the risk check is not the one you are at (it moved on, perhaps in another tab): look at the page again. (chosen)',
  AppropriatenessCoolingOff: 'The test was failed: it can be taken again once the 24-hour cooling-off ends (silentUntil). (chosen)',
  AppropriatenessAnswersInvalid: 'The answers do not fit the questions: answer every question once, with one of its options. (chosen)',
  AppropriatenessUnavailable: 'The appropriateness test cannot be taken right now: try again later. (chosen)',
  RiskStepsRequired:
    'Orders wait for the risk steps: the current risk warning agreed and, for an individual, the appropriateness test passed. (chosen)',
  OperatorSessionRequired: 'The desk session is missing, ended, expired or idle too long: sign in to the desk again. (chosen)',
  OperatorSignInRefused: 'The email, password or authenticator code is not right. (chosen)',
  OperatorSignInStepExpired: 'This sign-in step expired or is not ours: start the desk sign-in again. (chosen)',
  OperatorPermissionRefused: "The operator's role may not do this. (chosen)",
  OperatorTargetNotFound: 'No such person or operator. (chosen)',
  OperatorCannotChangeSelf: 'An operator cannot disable themselves: ask another admin. (chosen)',
  WaitingItemSettled:
    'It no longer waits for an operator: another operator, the bank or the chain settled it first. Nothing was changed. (chosen)',
  PayoutOutcomeContradicted:
    'The custody service reports this payout otherwise (confirmed or failed): nothing was changed; look at the transfer again. (chosen)',
  SuspenseCurrencyNotKept: 'No balance is kept in this currency: the credit can only be returned to the payer. (chosen)',
  SuspensePersonClosed: 'The account is blocked or closed: money held in suspense is not credited to it; return it to the payer. (chosen)',
  ReviewDecisionOnItsWay:
    "Another operator's decision on this verification is with the vendor already; its answer will settle it. Nothing was sent. (chosen)",
  MoneyStillOwed:
    'Crypto or sale proceeds are still owed on this order: return them (or pay them) first; the flag stays until nothing is owed. (chosen)',
  ReturnAddressRefused: "The address (or its destination tag) is not one of this network's: nothing was sent. (chosen)",
} as const satisfies Record<ErrorName, string>;
