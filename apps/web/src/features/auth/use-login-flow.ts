import type { LoginMode, LoginResult } from '@causeway/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { requestAccountInfo, storeAccountInfo } from '@/lib/account-info';
import { useBotCheck } from '@/lib/bot-check';
import { rememberBuyTarget, signInNextOf } from '@/lib/buy-after-verification';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { blockedPage, gateFor } from '@/lib/gating';
import { isBusinessMode } from '@/lib/mode';
import { useHttpClient } from '@/lib/http-context';
import { beginSession } from '@/lib/begin-session';
import { createSessionStore } from '@/lib/session';
import { rememberTargetEntity } from '@/lib/target-entity';
import { tradePageFor } from '@/lib/trade-routing';
import { useApiMutation } from '@/lib/use-api-mutation';
import { type AuthApi, createAuthApi } from './api/auth-api';
import { codeRefusalOf, showingErrors, type SignInFactor } from './login-errors';

/** docs/rules/screens.md login steps, plus gaVerify: the authenticator screen when one is bound. */
export type LoginStep = 'loginPre' | 'login' | 'signup' | 'verificationCode' | 'gaVerify' | 'setPWD' | 'TwoFaTip' | 'loading';

/** Each mode's security settings (where "set up the authenticator" leads). */
export const SETTINGS_BY_MODE: Record<LoginMode, string> = {
  individual: 'settings',
  independent: 'settings',
  business: 'corporation-portal/setting',
  businessIndependent: 'corporation-portal/setting',
};

/**
 * Where an individual's finished sign-in lands: the trade page their stored payment method leads to
 * (docs/rules/order-states.md trade routing, when a merchant or an earlier visit stored one; the page puts the
 * risk reminder first), else the dashboard. A business's: business-landing.ts.
 */
export function homeOf(): string {
  const paymentMethod = getSharedCookie(COOKIE_NAMES.paymentMethod);
  return paymentMethod ? tradePageFor(paymentMethod, getSharedCookie(COOKIE_NAMES.transactionType)) : 'dashboard';
}

/** The sign-in flow of one login page: its step, the email, and the calls between steps. */
export function useLoginFlow(mode: LoginMode) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lng } = useParams();
  const [params] = useSearchParams();
  const http = useHttpClient();
  const api = createAuthApi(http, useBotCheck());
  const session = useMemo(() => createSessionStore(), []);
  const [step, setStep] = useState<LoginStep>('loginPre');
  const [email, setEmail] = useState('');
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  const [processToken, setProcessToken] = useState<string>();
  const [isNewUser, setIsNewUser] = useState(false);
  const [error, setError] = useState<string>();
  /** The last failure was a lock: the step's code boxes stay closed and say so. */
  const [locked, setLocked] = useState(false);
  const [hints, setHints] = useState<{ suggestedEmail: string | null; privateRelay: boolean }>({
    suggestedEmail: null,
    privateRelay: false,
  });

  const queries = useQueryClient();
  // The sign-in calls are mutations. Which step follows, and the page's one error line, stay the
  // flow's (attempt, handleResult); each step shows its own progress until its promise settles.
  const passwordSignIn = useApiMutation({ mutationFn: (body: Parameters<AuthApi['loginWithPassword']>[0]) => api.loginWithPassword(body) });
  const codeSignIn = useApiMutation({ mutationFn: (body: Parameters<AuthApi['loginWithCode']>[0]) => api.loginWithCode(body) });
  const authenticatorSignIn = useApiMutation({
    mutationFn: (body: { processToken: string; code: string }) => api.verifyGaCode(body.processToken, body.code),
  });
  const passwordInit = useApiMutation({
    mutationFn: (body: { password: string; repeat: string }) => api.initPassword(body.password, body.repeat),
  });
  /**
   * After sign-in: an individual who must verify, or is blocked, goes where docs/rules/order-states.md gating says
   * (account-status, user-blocked, ...); a business whose account is not active or whose review is
   * under way or failed to business-status, one that has yet to start or must resubmit to the portal
   * home (docs/rules/kyb.md gating, businessLandingPage); everyone else to the page's `next` (the buy
   * the start page's Continue chose: a trade page only) or the mode's home. One sent to verify first
   * comes back to that buy once verified (lib/buy-after-verification). The account info read here is
   * kept for the next page.
   */
  async function goHome() {
    const business = isBusinessMode(mode);
    const landing = business ? await import('./business-landing') : undefined;
    const next = business ? undefined : signInNextOf(params.get('next'));
    const home = next ?? landing?.businessHome() ?? homeOf();
    let target = home;
    const info = await requestAccountInfo(http, mode).catch(() => undefined);
    if (info) {
      storeAccountInfo(queries, info);
      const path = `/${home.split('?')[0]}`;
      target = landing
        ? await landing.businessTarget(http, info, home)
        : (gateFor(info, { path, isRoma: getSharedCookie(COOKIE_NAMES.isRoma) === 'true' }) ?? home);
    }
    if (next && target !== next) rememberBuyTarget(next);
    await navigate(`/${lng}/${target}`, { replace: true });
  }

  /** What every sign-in answer leads to (docs/rules/order-states.md: blocked → the same page as the gating's). */
  async function handleResult(result: LoginResult, options: { offerPassword?: boolean } = {}) {
    setError(undefined);
    if (result.status === 'BLOCKED') return navigate(`/${lng}/${blockedPage(result.accountStatusReasonCode)}`);
    // Not the gating's account-status: a TERMINATED answer carries no token, so that page could
    // not load the account info it shows; account-terminated needs none.
    if (result.status === 'TERMINATED') return navigate(`/${lng}/account-terminated`);
    if (result.status === 'NEED_GA') {
      setProcessToken(result.processToken ?? undefined);
      return setStep('gaVerify');
    }
    if (!result.token) return setError(t('auth.error.generic'));
    await beginSession(queries, session, mode, result.token);
    setIsNewUser(result.isNewUser);
    if (!result.hasPassword && options.offerPassword !== false) return setStep('setPWD');
    if (result.isNewUser) return setStep('TwoFaTip');
    return goHome();
  }

  const show = (text: string | undefined, isLock: boolean) => {
    setError(text);
    setLocked(isLock);
  };
  const attempt = (action: () => Promise<void>, factor?: SignInFactor) => showingErrors(action, show, t, factor);

  return {
    step,
    email,
    error,
    locked,
    hints,
    stayLoggedIn,
    setStayLoggedIn,
    setStep,
    setError,
    api,
    /**
     * Where a sign-in answer leads: for flows that sign in through other calls (the merchant
     * sign-in). `offerPassword: false` skips the set-password step (a skip-login typed nothing).
     */
    handleResult: (result: LoginResult, options?: { offerPassword?: boolean }) => attempt(() => handleResult(result, options)),
    async submitEmail(value: string) {
      await attempt(async () => {
        const check = await api.accountCheck(value);
        rememberTargetEntity(check.targetEntityTag);
        setEmail(value.trim());
        setHints({ suggestedEmail: check.suggestedEmail, privateRelay: check.privateRelay });
        setStep(!check.exists ? 'signup' : check.hasPassword ? 'login' : 'verificationCode');
      });
    },
    submitPassword: (password: string) =>
      attempt(async () => handleResult(await passwordSignIn.mutateAsync({ email, password, loginMode: mode, stayLoggedIn })), 'first'),
    /** For the code dialog: rejects with a CodeRefusal (the text to show under the boxes, and whether the code is locked). */
    async submitCode(code: string, termsAccepted: boolean) {
      try {
        // In the Roma channel a new account accepts its terms (TERMROMA): said only then, so other sign-ins send what they did.
        const roma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true' ? { isRoma: true } : {};
        await handleResult(await codeSignIn.mutateAsync({ email, code, termsAccepted, ...roma, loginMode: mode, stayLoggedIn }));
      } catch (failure) {
        throw codeRefusalOf(failure, t);
      }
    },
    submitGaCode: (code: string) =>
      attempt(async () => handleResult(await authenticatorSignIn.mutateAsync({ processToken: processToken ?? '', code })), 'authenticator'),
    savePassword: (password: string, repeat: string) =>
      attempt(async () => {
        await passwordInit.mutateAsync({ password, repeat });
        setStep(isNewUser ? 'TwoFaTip' : 'loading');
        if (!isNewUser) await goHome();
      }),
    finish: goHome,
    restart() {
      show(undefined, false);
      setStep('loginPre');
    },
  };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
