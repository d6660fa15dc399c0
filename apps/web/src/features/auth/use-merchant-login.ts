import { ErrorCode, type MerchantLoginResult } from '@causeway/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useBotCheck } from '@/lib/bot-check';
import { endSession } from '@/lib/end-session';
import { useHttpClient } from '@/lib/http-context';
import { isError } from '@/lib/http-errors';
import { greetHost, rememberMerchantPage } from '@/lib/merchant-host';
import { createSessionStore } from '@/lib/session';
import { useApiMutation } from '@/lib/use-api-mutation';
import { createMerchantLoginApi } from './api/merchant-login-api';
import { keepEntryParams } from './entry-params';
import { codeRefusalOf, showingErrors } from './login-errors';
import { useLoginFlow } from './use-login-flow';

/** What the merchant sign-in page shows: one view per account-selection state, plus its own loading and failures. */
export type MerchantView = 'loading' | 'invalidLink' | 'failed' | 'confirm' | 'newEmail' | 'selectAccount' | 'code' | 'signedIn';

const CODE_STATES: readonly MerchantLoginResult['state'][] = ['WAIT_EMAIL_VERIFY_CODE', 'ONLY_WAIT_EMAIL_VERIFY_CODE'];

/** The page's query minus its language: exactly the parameters the merchant signed. */
const entryOf = (params: URLSearchParams) => Object.fromEntries([...params].filter(([name]) => name !== 'lng'));

function viewOf(result: MerchantLoginResult, typingNewEmail: boolean): MerchantView {
  if (typingNewEmail || result.state === 'WAIT_NEW_EMAIL') return 'newEmail';
  if (result.state === 'WAIT_CONFIRM') return 'confirm';
  if (result.state === 'WAIT_SELECT_ACCOUNT') return 'selectAccount';
  return CODE_STATES.includes(result.state) ? 'code' : 'signedIn';
}

/**
 * The merchant sign-in (login-v3, and skip-login with `skip`): starts from the merchant's signed
 * entry and follows the server's account-selection states until signed in; the steps after that
 * (authenticator, password, 2FA tip) are the ordinary sign-in flow's. skip-login first keeps a
 * session that already belongs to the merchant's email.
 */
export function useMerchantLogin(skip: boolean) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const http = useHttpClient();
  const botCheck = useBotCheck();
  const api = useMemo(() => createMerchantLoginApi(http, botCheck), [http, botCheck]);
  const flow = useLoginFlow('independent');
  const [phase, setPhase] = useState<'loading' | 'invalidLink' | 'failed' | 'ready'>('loading');
  const [result, setResult] = useState<MerchantLoginResult>();
  const [typingNewEmail, setTypingNewEmail] = useState(false);
  const [codeDialogOpen, setCodeDialogOpen] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(true);
  const [error, setError] = useState<string>();
  // The account-selection calls are mutations. Which view follows, and the page's one error line,
  // stay this hook's (apply, attempt).
  const starting = useApiMutation({ mutationFn: (entry: Record<string, string>) => api.start(entry, skip) });
  const codeSend = useApiMutation({ mutationFn: (token: string) => api.sendCode(token) });
  const newEmail = useApiMutation({ mutationFn: (body: { token: string; email: string }) => api.submitNewEmail(body.token, body.email) });
  const accountChoice = useApiMutation({
    mutationFn: (body: { token: string; choice: 'LINKED' | 'EMAIL' }) => api.selectAccount(body.token, body.choice),
  });
  const codeSignIn = useApiMutation({
    mutationFn: (body: { token: string; code: string; termsAccepted: boolean }) =>
      api.loginWithCode(body.token, body.code, body.termsAccepted),
  });
  /** When the server allows the next code (epoch ms). */
  const resendAt = useRef(0);
  const started = useRef(false);

  /** Shows the server's next state; a skip-login (signed in at start, nothing typed) is not asked for a password. */
  async function apply(answer: MerchantLoginResult, options: { atStart?: boolean } = {}) {
    setResult(answer);
    setTypingNewEmail(false);
    if (answer.resendAfterSeconds !== null) resendAt.current = Date.now() + answer.resendAfterSeconds * 1000;
    setCodeDialogOpen(CODE_STATES.includes(answer.state));
    if (answer.state === 'SIGNED_IN' && answer.login) await flow.handleResult(answer.login, { offerPassword: !options.atStart });
  }

  const attempt = (action: () => Promise<void>) => showingErrors(action, setError, t);

  /** skip-login: is this browser already signed in as the merchant's customer? A different account is signed out. */
  async function alreadySignedInAs(email: string): Promise<boolean> {
    if (!createSessionStore().getToken('independent')) return false;
    const check = await api.verifyLoginEmail(email).catch(() => undefined);
    if (check && !check.match) await endSession(http, 'independent');
    return check?.match ?? false;
  }

  async function begin() {
    const entry = entryOf(params);
    setPhase('loading');
    setError(undefined);
    await keepEntryParams(params);
    if (skip && entry.email && (await alreadySignedInAs(entry.email))) return flow.finish();
    if (!entry.apiKey || !entry.signature) {
      // An unsigned skip-login is an ordinary embedded sign-in with the email filled in by the merchant.
      if (skip) return navigate(`/${lng}/login-independent?${params.toString()}`, { replace: true });
      return setPhase('invalidLink');
    }
    try {
      const answer = await starting.mutateAsync(entry);
      // The merchant's pages the server allowed for this entry: an embedding host hears the checkout's events.
      rememberMerchantPage({
        hostOrigin: answer.merchantPage?.hostOrigin ?? null,
        redirectUrl: answer.merchantPage?.redirectUrl ?? null,
        merchantName: answer.merchantName,
        merchantUserId: entry.merchantUserId ?? null,
      });
      greetHost();
      await apply(answer, { atStart: true });
      setPhase('ready');
    } catch (failure) {
      setPhase(isError(failure, ErrorCode.MerchantLinkInvalid) ? 'invalidLink' : 'failed');
    }
  }

  useEffect(() => {
    // Once per page: starting may email a code, and React's development double effects must not send two.
    if (started.current) return;
    started.current = true;
    void begin();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const processToken = result?.processToken ?? '';
  return {
    flow,
    view: (phase === 'ready' && result ? viewOf(result, typingNewEmail) : phase === 'ready' ? 'failed' : phase) as MerchantView,
    result,
    error,
    termsAccepted,
    setTermsAccepted,
    codeDialogOpen,
    retry: () => void begin(),
    confirmEmail: () => attempt(async () => apply(await codeSend.mutateAsync(processToken))),
    useAnotherEmail: () => {
      setError(undefined);
      setCodeDialogOpen(false);
      setTypingNewEmail(true);
    },
    submitNewEmail: (email: string) => attempt(async () => apply(await newEmail.mutateAsync({ token: processToken, email }))),
    selectAccount: (choice: 'LINKED' | 'EMAIL') =>
      attempt(async () => apply(await accountChoice.mutateAsync({ token: processToken, choice }))),
    openCodeDialog: () => setCodeDialogOpen(true),
    closeCodeDialog: () => setCodeDialogOpen(false),
    /** Seconds before the server allows a resend, for the code dialog's countdown. */
    secondsUntilResend: () => Math.max(0, Math.ceil((resendAt.current - Date.now()) / 1000)),
    resendCode: async () => {
      const answer = await codeSend.mutateAsync(processToken);
      setResult(answer);
      resendAt.current = Date.now() + (answer.resendAfterSeconds ?? 0) * 1000;
    },
    /** For the code dialog: rejects with a CodeRefusal (the text to show under the boxes, and whether the code is locked). */
    async submitCode(code: string) {
      try {
        await apply(await codeSignIn.mutateAsync({ token: processToken, code, termsAccepted }));
      } catch (failure) {
        throw codeRefusalOf(failure, t);
      }
    },
  };
}

export type MerchantLogin = ReturnType<typeof useMerchantLogin>;
