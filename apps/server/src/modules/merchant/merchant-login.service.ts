import {
  ErrorCode,
  type AccountSelectionState,
  emailSchema,
  type LoginMode,
  type LoginResult,
  type MerchantLoginResult,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EmailLanguage } from '../identity/index.ts';
import type { IdentityFace } from '../identity/index.ts';
import { isPrivateRelay } from '../identity/index.ts';
import type { People, Principal } from '../identity/index.ts';
import type { Requester } from '../identity/index.ts';
import { createSignedClaims } from '../../platform/signed-claims.ts';
import { BUSINESS_MODES } from '../identity/index.ts';
import type { MerchantPage } from './merchant-page.ts';
import { maskEmail } from './mask-email.ts';
import type { MerchantEntryVerifier } from './merchant-entry.ts';
import type { MerchantRepository, MerchantRow } from './merchant.repository.ts';

/** Long enough to read a code from the mailbox (codes live 10 minutes), short enough to start again. */
export const MERCHANT_PROCESS_TTL_MS = 15 * 60 * 1000;
/** skip-login signs a linked customer in without a code only when the link's email proof is this recent. */
export const SKIP_LOGIN_PROOF_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type MerchantMode = Extract<LoginMode, 'independent' | 'businessIndependent'>;

/**
 * Who the code goes to: the linked account (by id, so its address never travels in the token) or
 * an address the person or the merchant gave.
 */
type Target = { userId: string } | { email: string };

/** The signed, stateless state of one merchant sign-in: every step answers a new token. */
interface MerchantProcessClaims {
  merchantId: string;
  merchantUserId: string;
  /** The merchant's email for its customer, when it sent a valid one. */
  merchantEmail: string | null;
  /**
   * The entry's fromEmail=true: the merchant sent this link in an email to merchantEmail, so the person
   * has just shown they read that inbox. The code is then sent at once (no "is this your email?" step):
   * it still goes only to that address, so nothing is signed in without it.
   */
  fromEmail?: boolean;
  /**
   * The entry's isNewAcct=true: the merchant says its customer is new on its side, so its customer id cannot
   * name anyone we know yet. A link already under that id (an id the merchant reused) is then not offered: the
   * person proves an email like a first visit, and the link moves to the account proved.
   */
  newCustomer?: boolean;
  /** The entry's cTag: the merchant's campaign or channel tag, kept on the link this sign-in makes. */
  campaignTag?: string | null;
  /** The vendor share token of the merchant's own verification of its customer (Reusable KYC), if it sent one. */
  kycShareToken: string | null;
  state: AccountSelectionState;
  target: Target | null;
  mode: MerchantMode;
  stayLoggedIn: boolean;
  expiresAt: number;
}

type Base = Omit<MerchantProcessClaims, 'state' | 'target' | 'expiresAt'>;

interface StepContext {
  /** What per-IP limits count the client as (request.ipKey). */
  ipKey: string;
  lang: EmailLanguage;
  /** The client's address itself (request.ip): the UK rules of a sign-in read its country. */
  ip?: string;
}

/** Which steps each state allows (docs/rules/order-states.md account-selection states). */
const ALLOWED: Record<'sendCode' | 'submitNewEmail' | 'selectAccount' | 'loginWithCode', readonly AccountSelectionState[]> = {
  sendCode: ['WAIT_CONFIRM', 'WAIT_EMAIL_VERIFY_CODE', 'ONLY_WAIT_EMAIL_VERIFY_CODE'],
  submitNewEmail: ['WAIT_CONFIRM', 'WAIT_NEW_EMAIL', 'WAIT_EMAIL_VERIFY_CODE'],
  selectAccount: ['WAIT_SELECT_ACCOUNT'],
  loginWithCode: ['WAIT_EMAIL_VERIFY_CODE', 'ONLY_WAIT_EMAIL_VERIFY_CODE'],
};

/**
 * The merchant sign-in (kyc/... calls): a merchant's signed entry names its customer and, usually,
 * an email. The customer proves an email with a code; the merchant's customer id is then linked
 * to that account, so the next visit goes straight to the code (or, with skip-login and a recent
 * proof, straight in). Where the linked account and the merchant's email disagree, the person
 * chooses; where the email cannot be used, the person types another.
 */
export function createMerchantLoginService(deps: {
  identity: People;
  merchants: MerchantRepository;
  verifyEntry: MerchantEntryVerifier;
  login: IdentityFace['signIn'];
  emailCodes: IdentityFace['emailCodes'];
  clock: Clock;
  processKey: Buffer;
  shareKyc: (userId: string, shareToken: string, merchantId: string, merchantUserId: string | null) => Promise<void>;
  /** The entry's merchant pages (hostOrigin, redirectUrl) its merchant allows (merchant-page.ts). */
  merchantPageOf: (merchantId: string, entry: Readonly<Record<string, string>>) => Promise<MerchantPage>;
}) {
  const { identity, merchants, login, emailCodes, clock } = deps;
  const processTokens = createSignedClaims<MerchantProcessClaims>(deps.processKey);

  const fitsMode = (user: Principal, mode: MerchantMode) => BUSINESS_MODES.includes(mode) === (user.userType === 'Corporate');

  function answer(
    merchant: MerchantRow,
    fields: Partial<MerchantLoginResult> & Pick<MerchantLoginResult, 'state'>,
    claims?: MerchantProcessClaims,
  ): MerchantLoginResult {
    return {
      processToken: claims ? processTokens.sign(claims) : null,
      merchantName: merchant.name,
      email: null,
      accountExists: false,
      newEmailReason: null,
      accounts: [],
      resendAfterSeconds: null,
      login: null,
      merchantPage: null,
      ...fields,
    };
  }

  const claimsOf = (base: Base, state: AccountSelectionState, target: Target | null): MerchantProcessClaims => ({
    ...base,
    state,
    target,
    expiresAt: clock.now().getTime() + MERCHANT_PROCESS_TTL_MS,
  });

  /** A sign-in that reached a usable account (a bound authenticator may still be asked for). */
  const isUsable = (result: LoginResult) => result.status === 'SUCCESS' || result.status === 'NEED_GA';

  /**
   * Once the account is proved: the KYC the merchant shared goes to it (only an account that never verified takes
   * it; one verified already is compared with it).
   */
  async function afterProof(base: Base, user: Principal, result: LoginResult) {
    if (base.kycShareToken && isUsable(result) && user.userType === 'Individual')
      await deps.shareKyc(user.id, base.kycShareToken, base.merchantId, base.merchantUserId || null);
  }

  /** The merchant's (or the person's) email, when there is no usable link: confirm it, or ask for another. */
  async function offerEmail(merchant: MerchantRow, base: Base, context: StepContext): Promise<MerchantLoginResult> {
    const email = base.merchantEmail;
    const askNew = (reason: MerchantLoginResult['newEmailReason']) =>
      answer(merchant, { state: 'WAIT_NEW_EMAIL', newEmailReason: reason, email }, claimsOf(base, 'WAIT_NEW_EMAIL', null));
    if (!email) return askNew('MISSING');
    if (isPrivateRelay(email)) return askNew('PRIVATE_RELAY');
    const user = await identity.findByEmail(email);
    if (user && !fitsMode(user, base.mode)) return askNew('ACCOUNT_UNAVAILABLE');
    if (base.fromEmail) return sendTo(merchant, base, 'WAIT_EMAIL_VERIFY_CODE', { email }, context, { onArrival: true });
    return answer(merchant, { state: 'WAIT_CONFIRM', email, accountExists: Boolean(user) }, claimsOf(base, 'WAIT_CONFIRM', { email }));
  }

  /** Sends the code to the target and answers the code state. */
  async function sendTo(
    merchant: MerchantRow,
    base: Base,
    state: 'WAIT_EMAIL_VERIFY_CODE' | 'ONLY_WAIT_EMAIL_VERIFY_CODE',
    target: Target,
    context: StepContext,
    options: { onArrival?: boolean } = {},
  ) {
    const recipient = await recipientOf(target);
    const send = options.onArrival ? emailCodes.ensureSent : emailCodes.send;
    const { resendAfterSeconds } = await send({ email: recipient.email, purpose: 'login', ipKey: context.ipKey, lang: context.lang });
    return answer(
      merchant,
      {
        state,
        email: 'userId' in target ? maskEmail(recipient.email) : recipient.email,
        accountExists: recipient.user !== undefined,
        resendAfterSeconds,
      },
      claimsOf(base, state, target),
    );
  }

  async function recipientOf(target: Target): Promise<{ email: string; user: Principal | undefined }> {
    if ('email' in target) return { email: target.email, user: await identity.findByEmail(target.email) };
    const user = await identity.findById(target.userId);
    if (!user) throw new AppError(ErrorCode.SignInStepExpired);
    return { email: user.email, user };
  }

  /** The process token's claims and its merchant, if the step fits the state. */
  async function resume(processToken: string, step: keyof typeof ALLOWED) {
    const claims = processTokens.verify(processToken, clock.now());
    const merchant = claims && (await merchants.findById(claims.merchantId));
    if (!claims || !merchant || merchant.status !== 'Active') throw new AppError(ErrorCode.SignInStepExpired);
    if (!ALLOWED[step].includes(claims.state)) throw new AppError(ErrorCode.SignInStepOutOfOrder);
    const { state: _state, target: _target, expiresAt: _expiresAt, ...base } = claims;
    return { claims, merchant, base };
  }

  /** The first state of a verified entry. */
  async function firstState(
    merchant: MerchantRow,
    input: { entry: Record<string, string>; loginMode: MerchantMode; skipLogin: boolean; stayLoggedIn: boolean } & StepContext,
    now: Date,
  ): Promise<MerchantLoginResult> {
    const parsedEmail = emailSchema.safeParse(input.entry.email ?? '');
    const base: Base = {
      merchantId: merchant.id,
      merchantUserId: input.entry.merchantUserId ?? '',
      merchantEmail: parsedEmail.success ? parsedEmail.data : null,
      fromEmail: input.entry.fromEmail === 'true',
      newCustomer: input.entry.isNewAcct === 'true',
      campaignTag: input.entry.cTag ?? null,
      // Sumsub's tokens are at most 1 KB; a longer value is not one.
      kycShareToken: input.entry.kycShareToken && input.entry.kycShareToken.length <= 1024 ? input.entry.kycShareToken : null,
      mode: input.loginMode,
      stayLoggedIn: input.stayLoggedIn,
    };
    const link = base.newCustomer ? undefined : await merchants.findLink(merchant.id, base.merchantUserId);
    const linked = link && (await identity.findById(link.userId));
    if (!link || !linked || !fitsMode(linked, base.mode)) return offerEmail(merchant, base, input);

    const proofIsRecent = now.getTime() - link.verifiedAt.getTime() <= SKIP_LOGIN_PROOF_MAX_AGE_MS;
    if (input.skipLogin && merchant.skipLoginEnabled && proofIsRecent) {
      const result = await login.complete(linked, base.mode, base.stayLoggedIn, { ip: input.ip });
      await afterProof(base, linked, result);
      return answer(merchant, { state: 'SIGNED_IN', login: result });
    }
    const emailUser = base.merchantEmail ? await identity.findByEmail(base.merchantEmail) : undefined;
    if (emailUser && emailUser.id !== linked.id && fitsMode(emailUser, base.mode)) {
      const accounts = [
        { choice: 'LINKED' as const, email: maskEmail(linked.email) },
        { choice: 'EMAIL' as const, email: emailUser.email },
      ];
      return answer(merchant, { state: 'WAIT_SELECT_ACCOUNT', accounts }, claimsOf(base, 'WAIT_SELECT_ACCOUNT', null));
    }
    return sendTo(merchant, base, 'ONLY_WAIT_EMAIL_VERIFY_CODE', { userId: linked.id }, input, { onArrival: true });
  }

  return {
    /**
     * kyc/login-with-merchant-shared-kyc: the signed entry decides the first state. Its answer also says
     * which of the entry's pages of the merchant (hostOrigin, redirectUrl) the checkout may talk to.
     */
    async start(
      input: { entry: Record<string, string>; loginMode: MerchantMode; skipLogin: boolean; stayLoggedIn: boolean } & StepContext,
    ): Promise<MerchantLoginResult> {
      const now = clock.now();
      const merchant = await deps.verifyEntry(input.entry, now, input.ipKey);
      const merchantPage = await deps.merchantPageOf(merchant.id, input.entry);
      return { ...(await firstState(merchant, input, now)), merchantPage };
    },

    /** kyc/send-verify-code: confirm the offered email (WAIT_CONFIRM), or resend in a code state. */
    async sendCode(input: { processToken: string } & StepContext): Promise<MerchantLoginResult> {
      const { claims, merchant, base } = await resume(input.processToken, 'sendCode');
      if (!claims.target) throw new AppError(ErrorCode.SignInStepOutOfOrder);
      const state = claims.state === 'ONLY_WAIT_EMAIL_VERIFY_CODE' ? 'ONLY_WAIT_EMAIL_VERIFY_CODE' : 'WAIT_EMAIL_VERIFY_CODE';
      return sendTo(merchant, base, state, claims.target, input);
    },

    /** kyc/submit-new-email: the person's own address instead of the merchant's. */
    async submitNewEmail(input: { processToken: string; email: string } & StepContext): Promise<MerchantLoginResult> {
      const { merchant, base } = await resume(input.processToken, 'submitNewEmail');
      if (isPrivateRelay(input.email)) throw new AppError(ErrorCode.PrivateRelayEmail);
      const user = await identity.findByEmail(input.email);
      if (user && !fitsMode(user, base.mode)) throw new AppError(ErrorCode.WrongSignInPage);
      return sendTo(merchant, base, 'WAIT_EMAIL_VERIFY_CODE', { email: input.email.trim() }, input);
    },

    /** kyc/login-with-binding-account: WAIT_SELECT_ACCOUNT → a code to the chosen account. */
    async selectAccount(input: { processToken: string; selectAccount: 'LINKED' | 'EMAIL' } & StepContext): Promise<MerchantLoginResult> {
      const { merchant, base } = await resume(input.processToken, 'selectAccount');
      if (input.selectAccount === 'EMAIL') {
        if (!base.merchantEmail) throw new AppError(ErrorCode.SignInStepOutOfOrder);
        return sendTo(merchant, base, 'WAIT_EMAIL_VERIFY_CODE', { email: base.merchantEmail }, input);
      }
      const link = await merchants.findLink(merchant.id, base.merchantUserId);
      if (!link) throw new AppError(ErrorCode.SignInStepExpired);
      return sendTo(merchant, base, 'WAIT_EMAIL_VERIFY_CODE', { userId: link.userId }, input);
    },

    /** kyc/login-with-verify-code: the code proves the account; the merchant's customer is linked to it. */
    async loginWithCode(input: {
      processToken: string;
      code: string;
      termsAccepted: boolean;
      requester: Requester;
    }): Promise<MerchantLoginResult> {
      const { claims, merchant, base } = await resume(input.processToken, 'loginWithCode');
      if (!claims.target) throw new AppError(ErrorCode.SignInStepOutOfOrder);
      const recipient = await recipientOf(claims.target);
      const { user, created } = await login.accountForEmailCode({
        email: recipient.email,
        code: input.code,
        termsAccepted: input.termsAccepted,
        loginMode: base.mode,
        requester: input.requester,
      });
      const result: LoginResult = await login.complete(user, base.mode, base.stayLoggedIn, { isNewUser: created, ip: input.requester.ip });
      // Only a proved, usable account is linked: a blocked one must not become the merchant customer's default.
      if (isUsable(result))
        await merchants.upsertLink({
          merchantId: merchant.id,
          merchantUserId: base.merchantUserId,
          userId: user.id,
          verifiedAt: clock.now(),
          campaignTag: base.campaignTag ?? null,
          signedUpHere: created,
        });
      await afterProof(base, user, result);
      return answer(merchant, { state: 'SIGNED_IN', login: result });
    },
  };
}

export type MerchantLoginService = ReturnType<typeof createMerchantLoginService>;
