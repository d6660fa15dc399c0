import { DESK_CONFIG_PATHS } from './desk-config-paths.ts';
import { DESK_EDD_PATHS } from './desk-edd-rules.ts';
import { DESK_PATHS } from './desk-paths.ts';
import { DESK_ORDERS_PATHS } from './desk-orders-paths.ts';
import { DESK_QUESTIONNAIRE_PATHS } from './desk-questionnaire-paths.ts';
import { DESK_VERIFICATION_PATHS } from './desk-verification-rules.ts';
import { DESK_SETTINGS_PATHS } from './desk-settings-paths.ts';

/** Base path of every API call (docs/rules/calls.md). */
export const API_BASE = '/prod-api';

/** The API's reference page (OpenAPI): its own constant, so a page linking to it does not load PATHS. */
export const API_DOCS_PATH = '/docs';

const CUSTOMER = '/capi/v1/customer';
const KYB = '/kyc-main/client/kyb';
const CONSOLE = '/capi/v1/merchant-console';

/**
 * Call paths relative to API_BASE, exactly as the spec names them. Where the spec says
 * "path not shown" we chose one in the same family; those are marked (chosen).
 */
export const PATHS = {
  health: '/health',
  docs: API_DOCS_PATH,
  translations: '/get-translations',
  listCountryCode: `${CUSTOMER}/kyc/list-country-code`,
  /** Our own (the spec's front end shows no path): the person's trading-account balances, and how to pay in by bank transfer. */
  listBalance: `${CUSTOMER}/balance/list`,
  bankTransferInstructions: `${CUSTOMER}/bank-transfer/instructions`,
  listBankActivity: `${CUSTOMER}/bank-transfer/activity`,
  submitWithdraw: `${CUSTOMER}/withdraw/submit`,
  withdrawDetail: `${CUSTOMER}/withdraw/detail`,
  listCurrency: `${CUSTOMER}/order/list-currency`,
  listCurrencyPairByBaseCurrency: `${CUSTOMER}/order/list-currency-pair-by-base-currency`,
  getEntryConfig: `${CUSTOMER}/entry/get-entry-config`,
  enableBuySend: `${CUSTOMER}/entry/enable-buy-send`,
  menuLinks: '/capi/v1/menu/get-links',
  /** (chosen) The feature switch query: clientType, entry, version → [{label, enable}]. */
  featureSwitch: '/capi/v1/common/feature-switch/query',
  /** (chosen) GET: which bot check runs (sandbox or reCAPTCHA) and the reCAPTCHA site key. */
  botCheckConfig: '/capi/v1/common/bot-check/config',
  refreshToken: `${CUSTOMER}/user/refresh-token`,
  accountCheck: '/capi/v1/login/common/account-check',
  sendVerifyCode: '/capi/v1/login/common/send-verify-code',
  loginWithVerifyCode: '/capi/v1/login/common/login-with-verify-code',
  passwordLogin: '/capi/v1/login/common/password',
  verifyGaCode: '/capi/v1/login/common/verification/verify-ga-code',
  checkLoginStatus: '/capi/v1/login/common/check-login-status',
  accountCheckByEmail: '/capi/v1/login/common/account-check-by-email',
  ipCheck: '/capi/v1/login/common/get-check-ip-result',
  inRegister: '/capi/v1/login/common/in-register',
  statementQuery: '/capi/v1/login/common/statement/query',
  clientLog: '/capi/v1/login/common/log',
  /** (chosen) The pre-login agreement log: agree, viewTime, protocolMap, email (docs/rules/agreements.md). */
  agreementLog: '/capi/v1/login/common/agreement/log',
  /** Analytics events, batched every 5 s and sent by beacon as the page goes (docs/rules/calls.md). */
  traceLog: '/capi/v1/user/trace/log',
  verifyLoginEmail: '/capi/v1/login/common/verify-login-email',
  verificationVerifyCode: '/capi/v1/login/common/verification/verify-code',
  accountStatusCheck: '/capi/v1/login/common/account/check',
  merchantSharedKycLogin: '/capi/v1/login/kyc/login-with-merchant-shared-kyc',
  merchantSendVerifyCode: '/capi/v1/login/kyc/send-verify-code',
  merchantLoginWithVerifyCode: '/capi/v1/login/kyc/login-with-verify-code',
  merchantSubmitNewEmail: '/capi/v1/login/kyc/submit-new-email',
  merchantLoginWithBindingAccount: '/capi/v1/login/kyc/login-with-binding-account',
  oauthTimeoutTicket: '/capi/v1/login/oauth/get-timeout-ticket',
  /** (chosen) GET: whether sign-in with the identity provider is offered, and its name. */
  oauthConfig: '/capi/v1/login/oauth/config',
  /** (chosen) POST: the identity provider's sign-in address for a ticket (PKCE made server-side). */
  oauthAuthorizeUrl: '/capi/v1/login/oauth/authorize-url',
  oauthLoginWithBinance: '/capi/v1/login/oauth/login-with-binance',
  /** The agreements the signed-in person must have accepted (v1), and accepting them (v2). */
  termsAndStatements: `${CUSTOMER}/user/terms-and-statements`,
  termsAndStatementsV2: '/capi/v2/customer/user/terms-and-statements',
  passwordInit: `${CUSTOMER}/user/password/init`,
  passwordReinitialize: `${CUSTOMER}/user/password/reinitialize`,
  passwordResetCheck: `${CUSTOMER}/user/password/reset-check`,
  passwordReset: `${CUSTOMER}/user/password/reset`,
  passwordCheck: '/capi/v1/user/login/password/check',
  authenticatorBindingStatus: `${CUSTOMER}/otp/check-google-authenticator-binding-status`,
  getGoogleAuthenticator: '/capi/v1/common/otp/get-google-authenticator',
  authenticatorQrCode: `${CUSTOMER}/otp/generate-google-authenticator-qr-code`,
  /** (chosen) The Download App modal's QR codes. */
  downloadAppQrCode: `${CUSTOMER}/otp/generate-download-app-qr-code`,
  verificationSendCode: '/capi/v1/login/common/verification/send-code',
  verifyOtp: `${CUSTOMER}/otp/verify-otp`,
  /** GET: starts a change, answering the new setup key and its QR code. */
  preCheckChangeGoogleAuthenticator: `${CUSTOMER}/otp/pre-check-change-google-authenticator`,
  changeGoogleAuthenticator: `${CUSTOMER}/otp/change-google-authenticator`,
  logout: `${CUSTOMER}/user/logout`,
  joinUkEmailList: `${CUSTOMER}/kyc/join-uk-email-list`,
  /** POST: the person's promotional-email choice; an empty body reads it, `subscribed` sets it. */
  promotionEmailSubscription: `${CUSTOMER}/user/promotion-email-subscription`,
  /** (chosen) POST, the emailed unsubscribe link's token: the address and list it names. */
  promotionEmailUnsubscribeDetails: '/capi/v1/common/promotion-email/unsubscribe-details',
  /** (chosen) POST, the emailed unsubscribe link's token: takes that address off the list. */
  promotionEmailUnsubscribe: '/capi/v1/common/promotion-email/unsubscribe',
  overview: `${CUSTOMER}/user/query-overview-info`,
  overviewForThirdParty: `${CUSTOMER}/user/query-overview-info-for-third-party`,
  kycBasicInfo: `${CUSTOMER}/kyc/get-kyc-basic-info`,
  kycSyncTaskCheck: `${CUSTOMER}/kyc/kyc-sync-task-check`,
  kycPreCheck: `${CUSTOMER}/kyc/pre-check`,
  kycCheckAddress: `${CUSTOMER}/kyc/check-address`,
  kycUpdateAddress: `${CUSTOMER}/kyc/update-address`,
  kycLimits: `${CUSTOMER}/user/kyc/limit/query`,
  /** Linking the signed-in account to a merchant's customer through its transaction's orderToken (docs/rules/merchant-linking.md). */
  getMerchantBindStatus: `${CUSTOMER}/user/get-merchant-bind-status`,
  merchantBind: `${CUSTOMER}/user/merchant-bind`,
  kybMerchantBind: `${CUSTOMER}/user/kyb-merchant-bind`,
  updateKycStatus: '/kyc-main/client/overview/upd-kyc-status',
  closeRemediation: '/kyc-main/client/overview/close-remediation',
  /** (chosen) Flow V2: submit the details and uploaded documents of our own document step. */
  docsVerificationSubmit: '/kyc-main/client/docs-verification/submit',
  entitySwitchPrecheck: `${CUSTOMER}/user/entity-switch/precheck`,
  entitySwitch: `${CUSTOMER}/user/entity-switch`,
  /** POST (empty): the person chose to move later (hitClickedLaterCache). Meaning chosen: the spec shows no body or answer. */
  routeEntityCheck: `${CUSTOMER}/user/route-entity-check`,
  kycAccessToken: '/kyc-main/client/sumsub/get-access-token',
  /** (chosen) Where the KYC vendor posts its webhooks (Sumsub's format and signature). */
  kycWebhook: '/kyc-main/webhook/applicant',
  signUpload: '/kyc-main/client/aws-s3/s3/sign-upload',
  signUploadKyb: '/kyc-main/client/aws-s3/s3/sign-upload-kyb-temple',
  /** Business verification (KYB), under /kyc-main/client/kyb (the spec names the calls, not their folder). */
  kybGatenoxInviteUrl: `${KYB}/get-gatenox-invite-url`,
  kybDocType: `${KYB}/doc-type`,
  kybOwnershipType: `${KYB}/ownership-type`,
  kybBasicInfoGet: `${KYB}/basic-info/get`,
  kybBasicInfoUpdate: `${KYB}/basic-info/update`,
  kybSubmitAll: `${KYB}/submit-all`,
  kybIndividualList: `${KYB}/individual/list`,
  kybIndividualUpdate: `${KYB}/individual/update`,
  kybIndividualDelete: `${KYB}/individual/delete`,
  kybIndividualCheckSame: `${KYB}/individual/check-same`,
  kybIndividualSendEmail: `${KYB}/individual/send-email`,
  kybIndividualAccessToken: `${KYB}/individual/get-access-token-kyb`,
  kybCompanyList: `${KYB}/company/list`,
  kybCompanyUpdate: `${KYB}/company/update`,
  kybCompanyDelete: `${KYB}/company/delete`,
  kybEddQuestionnaire: `${KYB}/edd-info/questionnaire/query`,
  kybEddSubmitAll: `${KYB}/edd-info/submit-all`,
  kybQuestionnaireCommit: `${KYB}/questionnaire/commit`,
  /** (chosen) The portal header's company name and logo, and setting the logo. */
  kybCompanyHeader: `${KYB}/company-header`,
  kybLogo: `${KYB}/logo`,
  /** (chosen) The merchant console (docs/rules/merchant-console.md): a merchant's members manage it. */
  merchantConsoleMemberships: `${CONSOLE}/memberships`,
  merchantConsoleKeys: `${CONSOLE}/keys`,
  merchantConsoleKeyCreate: `${CONSOLE}/keys/create`,
  merchantConsoleKeyRoll: `${CONSOLE}/keys/roll`,
  merchantConsoleKeyRevoke: `${CONSOLE}/keys/revoke`,
  merchantConsoleEndpoints: `${CONSOLE}/webhooks/endpoints`,
  merchantConsoleEndpointCreate: `${CONSOLE}/webhooks/endpoints/create`,
  merchantConsoleEndpointEnable: `${CONSOLE}/webhooks/endpoints/enable`,
  merchantConsoleEndpointRotate: `${CONSOLE}/webhooks/endpoints/rotate-secret`,
  merchantConsoleEndpointTest: `${CONSOLE}/webhooks/endpoints/test`,
  merchantConsoleDeliveries: `${CONSOLE}/webhooks/deliveries`,
  merchantConsoleReplay: `${CONSOLE}/webhooks/replay`,
  merchantConsoleOrigins: `${CONSOLE}/origins`,
  merchantConsoleOriginAdd: `${CONSOLE}/origins/add`,
  merchantConsoleOriginRemove: `${CONSOLE}/origins/remove`,
  merchantConsoleOrders: `${CONSOLE}/orders`,
  merchantConsoleCustomers: `${CONSOLE}/customers`,
  merchantConsoleSharedKyc: `${CONSOLE}/shared-kyc`,
  /**
   * The dynamic questionnaire (docs/rules/questionnaire.md). The spec names these calls under /kyc-main/client with no
   * folder for the my-question ones: `questionnaire/` is chosen, as is my-question-detail's path.
   */
  myQuestionIds: '/kyc-main/client/questionnaire/query/my-question-ids',
  myQuestionDetail: '/kyc-main/client/questionnaire/my-question-detail',
  extraMyQuestion: '/kyc-main/client/questionnaire/extra-my-question',
  commitMyQuestionnaire: '/kyc-main/client/questionnaire/commit/my-questionnaire',
  commitMyQuestionnaireV3: '/kyc-main/client/questionnaire/commit/v3/my-questionnaire',
  dynamicQuestionnaireQuery: '/kyc-main/client/dynamic-questionnaire/query',
  dynamicQuestionnaireCommit: '/kyc-main/client/dynamic-questionnaire/commit',
  /**
   * Enhanced due diligence of an individual (docs/rules/edd.md). The spec lists edd-detail/query/detail, commit/sow,
   * commit/sof and options together: all four are chosen under edd-detail/.
   */
  eddDetail: '/kyc-main/client/edd-detail/query/detail',
  eddCommitSow: '/kyc-main/client/edd-detail/commit/sow',
  eddCommitSof: '/kyc-main/client/edd-detail/commit/sof',
  eddOptions: '/kyc-main/client/edd-detail/options',
  /** (chosen) The additional-information questions: the list (GET, language) and the submit (the list of answers). */
  additionalInfoList: `${CUSTOMER}/additional-info/list`,
  additionalInfoSubmit: `${CUSTOMER}/additional-info/submit`,
  /** (chosen) The phone handoff of the file-upload page: create (session), files (session, GET), then the phone's ticket calls. */
  uploadHandoffCreate: '/kyc-main/client/upload-handoff/create',
  uploadHandoffFiles: '/kyc-main/client/upload-handoff/files',
  uploadHandoffState: '/kyc-main/client/upload-handoff/state',
  uploadHandoffSignUpload: '/kyc-main/client/upload-handoff/sign-upload',
  uploadHandoffComplete: '/kyc-main/client/upload-handoff/complete',
  bindGoogleAuthenticator: `${CUSTOMER}/otp/bind-google-authenticator`,
  // Cards and orders (docs/rules/calls.md "Order and card").
  listCard: `${CUSTOMER}/card/list-card`,
  addCard: `${CUSTOMER}/card/add-card`,
  deleteCard: `${CUSTOMER}/card/delete-card`,
  /** (chosen) Where the card is typed: the processor's hosted fields (sandbox page or Checkout.com Flow with its public key). */
  cardFieldsConfig: `${CUSTOMER}/card/card-fields-config`,
  /** (chosen) A person's session for the processor's card fields (Checkout.com Flow's Payment Session), or null. */
  cardFieldsSession: `${CUSTOMER}/card/card-fields-session`,
  /** (chosen) GET for anyone: what a card buy would give at the current price, stored nowhere (indicative). */
  estimateBuy: `${CUSTOMER}/order/estimate-buy`,
  getQuote: `${CUSTOMER}/order/get-quote`,
  getQuoteV2: '/capi/v2/customer/order/get-quote',
  updateQuote: `${CUSTOMER}/order/update-quote`,
  submitBuy: `${CUSTOMER}/order/submit-buy`,
  submitSell: `${CUSTOMER}/order/submit-sell`,
  getOrderDetail: `${CUSTOMER}/order/get-detail`,
  get3dsStatus: `${CUSTOMER}/order/get-3ds-status`,
  /** A Klarna buy: the authorization token of Klarna's widget, or its decline. */
  submitAuthToken: `${CUSTOMER}/order/submit-auth-token`,
  getEstimatedArrivalTime: `${CUSTOMER}/order/get-estimated-arrival-time`,
  getPromotion: `${CUSTOMER}/order/get-promotion`,
  queryOrderByTranId: `${CUSTOMER}/order/query-order/tranid`,
  getTransInfo: '/capi/v1/login/common/get-trans-info',
  /** (chosen) POST from the merchant's server, signed like an entry link: the transaction its customer will fill. */
  merchantTransactionCreate: '/capi/v1/merchant/transaction/create',
  /** (chosen) POST: the history page's list, with filters and at most a 365-day range. */
  listOrder: `${CUSTOMER}/order/list-order`,
  /** (chosen) POST: ask for a CSV of the history in a range; the file is made in the background. */
  exportHistory: `${CUSTOMER}/order/export-history`,
  /** (chosen) GET: an export's status, and its download link once ready. */
  exportHistoryStatus: `${CUSTOMER}/order/export-history/status`,
  analyzeOnChainAddress: `${CUSTOMER}/order/analyze-on-chain-address`,
  listVaspInfo: `${CUSTOMER}/order/list-vasp-info`,
  gtrEnabled: `${CUSTOMER}/order/gtr-enabled`,
  /** Help centre (docs/rules/calls.md): a Zendesk path, get or post, and its params; the answer's data.data is that path's JSON. */
  helpDeskRequest: '/capi/v1/zendesk/request',
  /** Help centre (docs/rules/calls.md): multipart file, url and requestType post; answers the upload's token. */
  helpDeskForwardFile: '/capi/v1/zendesk/forward/file',
  /** Risk survey (docs/rules/calls.md): check (empty body) answers the next step; agreement records the risk warning's acceptance. */
  riskSurveyCheck: `${CUSTOMER}/user/risk/survey/check`,
  riskSurveyAgreement: `${CUSTOMER}/user/risk/survey/agreement`,
  /** The appropriateness test (docs/rules/appropriateness.md): answer an attempt, end the journey, go on from a stage. */
  riskSurveyAnswer: `${CUSTOMER}/user/risk/survey/answer`,
  riskSurveyTerminate: `${CUSTOMER}/user/risk/survey/terminate`,
  riskSurveyContinue: `${CUSTOMER}/user/risk/survey/continue`,
  /** (chosen) Wallet address book: list (POST), add, delete, set-default. */
  listWallet: `${CUSTOMER}/wallet/list-wallet`,
  addWallet: `${CUSTOMER}/wallet/add-wallet`,
  deleteWallet: `${CUSTOMER}/wallet/delete-wallet`,
  setDefaultWallet: `${CUSTOMER}/wallet/set-default-wallet`,
  /** (chosen) Saved bank accounts, where withdrawals and bank-transfer sells are paid: list (POST), add, delete. */
  listBankAccount: `${CUSTOMER}/bank-account/list`,
  addBankAccount: `${CUSTOMER}/bank-account/add`,
  deleteBankAccount: `${CUSTOMER}/bank-account/delete`,
  // The operator's desk (docs/rules/operator-desk.md): its own prefix.
  ...DESK_PATHS,
  // The desk's actions on orders and bank credits waiting for an operator (desk-orders-paths.ts).
  ...DESK_ORDERS_PATHS,
  // The desk's EDD screen (docs/rules/operator-desk.md "EDD reviews").
  ...DESK_EDD_PATHS,
  // The desk's Questionnaires screen: questions, answers and the appropriateness record (desk-questionnaire-paths.ts).
  ...DESK_QUESTIONNAIRE_PATHS,
  // The desk's fees and limits as data (desk-settings-paths.ts).
  ...DESK_SETTINGS_PATHS,
  // The desk's Service screen: service modes, pairs and feature switches as data.
  ...DESK_CONFIG_PATHS,
  // The desk's Verifications screen: KYC and KYB reviews left for a person to decide.
  ...DESK_VERIFICATION_PATHS,
} as const;

export type ApiPath = (typeof PATHS)[keyof typeof PATHS];
