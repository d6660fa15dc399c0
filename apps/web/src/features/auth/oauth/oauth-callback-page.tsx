import { ErrorCode, type LoginMode, type LoginResult } from '@causeway/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useHttpClient } from '@/lib/http-context';
import { isApiError, type Translate } from '@/lib/http-errors';
import { LOGIN_ROUTE_BY_MODE } from '@/lib/mode';
import { ErrorView, Spinner } from '@/ui';
import { AFTER_SIGN_IN_TEXTS, AfterSignInSteps } from '../components/after-sign-in-steps';
import { AuthCard } from '../components/auth-card';
import { loginErrorText } from '../login-errors';
import { useLoginFlow } from '../use-login-flow';
import { createOauthApi } from './oauth-api';
import { forgetPendingSignIn, type PendingOauthSignIn, pendingSignIn } from './pending-sign-in';
import { useTranslation } from './texts';

/** What the provider sent back in the address: a code and the state, or an error (RFC 6749 §4.1.2). */
interface Answer {
  code: string | null;
  state: string | null;
  error: string | null;
}

/** The text of a refused sign-in: ours for the provider's refusals, else every sign-in's (wrong page, too many tries, network). */
function failureText(failure: unknown, t: Translate, name: string): string {
  if (isApiError(failure)) {
    switch (failure.errorName) {
      case ErrorCode.OauthTicketInvalid:
        return t('oauth.callback.expired');
      case ErrorCode.OauthSignInRefused:
        return t('oauth.callback.refused', { name });
      case ErrorCode.OauthEmailNotVerified:
        return t('oauth.callback.emailNotVerified', { name });
      case ErrorCode.OauthUnavailable:
      case ErrorCode.OauthProviderUnreachable:
        return t('oauth.callback.unavailable', { name });
      case ErrorCode.TermsNotAccepted:
        return t('oauth.callback.termsRequired');
    }
  }
  return loginErrorText(failure, t, 'first');
}

/** Why an answer cannot be sent at all: not this tab's sign-in, a cancel, an error or no code. Undefined: send it. */
function unusableAnswerText(answer: Answer, pending: PendingOauthSignIn | undefined, t: Translate): string | undefined {
  if (!pending || !answer.state || answer.state !== pending.ticket) return t('oauth.callback.notStarted');
  const name = pending.displayName;
  if (answer.error) return t(answer.error === 'access_denied' ? 'oauth.callback.cancelled' : 'oauth.callback.refused', { name });
  if (!answer.code) return t('oauth.callback.refused', { name });
  return undefined;
}

/**
 * oauth-callback (docs/rules/screens.md): where the identity provider sends the person back. The
 * answer is read once and taken out of the address; it counts only with the state this tab started
 * with (else anyone could sign a person in to their own account with a link). The code goes once to
 * login-with-binance, and its answer leads on as every sign-in's does: the authenticator step, the
 * password offer and the 2FA tip here, else the mode's home or the blocked pages. A cancel or a
 * refusal says so, with the way back to the sign-in page it started on.
 */
export default function OauthCallbackPage() {
  // Read once, on arrival: the address is cleared right after, and the tab's sign-in forgotten once used.
  const [params] = useSearchParams();
  const [answer] = useState<Answer>(() => ({ code: params.get('code'), state: params.get('state'), error: params.get('error') }));
  const [pending] = useState<PendingOauthSignIn | undefined>(() => pendingSignIn());
  return <Callback answer={answer} pending={pending} mode={pending?.mode ?? 'individual'} />;
}

function Callback({ answer, pending, mode }: { answer: Answer; pending: PendingOauthSignIn | undefined; mode: LoginMode }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const http = useHttpClient();
  const api = useMemo(() => createOauthApi(http), [http]);
  const flow = useLoginFlow(mode);
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<LoginResult>();
  const name = pending?.displayName ?? '';
  const unusable = unusableAnswerText(answer, pending, t);

  // The code and the state leave the address (its history, a bookmark, a Referer); `next` stays for the sign-in's landing.
  const { pathname, search } = location;
  const next = pending?.next;
  useEffect(() => {
    const kept = next ? `?${new URLSearchParams({ next })}` : '';
    if (search !== kept) void navigate({ pathname, search: kept }, { replace: true });
  }, [pathname, search, next, navigate]);

  // Once, also under React's development double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // This tab's answer, used or refused: the tab forgets the sign-in either way (another's answer leaves it be).
    if (pending && answer.state === pending.ticket) forgetPendingSignIn();
    if (unusable || !pending || !answer.code || !answer.state) return;
    const body = {
      code: answer.code,
      state: answer.state,
      browserSecret: pending.browserSecret,
      redirectUri: pending.redirectUri,
      // Continuing with the provider accepts the terms its button names, for a new account.
      termsAccepted: true,
      isRoma: getSharedCookie(COOKIE_NAMES.isRoma) === 'true',
      loginMode: pending.mode,
      stayLoggedIn: false,
    };
    void api.login(body).then(setResult, (error: unknown) => setFailure(failureText(error, t, name)));
  }, [answer, pending, api, name, t, unusable]);

  // On the render after the answer, whose flow reads the cleared address (with its `next`).
  const handled = useRef(false);
  useEffect(() => {
    if (!result || handled.current) return;
    handled.current = true;
    void flow.handleResult(result);
  }, [result, flow]);

  const afterSignIn = AFTER_SIGN_IN_TEXTS[flow.step];
  if (afterSignIn)
    return (
      <AuthCard title={t(afterSignIn.title)} description={t(afterSignIn.description)}>
        <AfterSignInSteps flow={flow} mode={mode} />
      </AuthCard>
    );
  const shown = unusable ?? failure ?? flow.error;
  if (shown)
    return (
      <div className="mx-auto flex min-h-dvh max-w-[420px] flex-col justify-center px-4">
        <ErrorView
          title={t('oauth.callback.failedTitle')}
          content={<p role="alert">{shown}</p>}
          footer={
            <Link
              to={`/${lng}/${LOGIN_ROUTE_BY_MODE[mode]}`}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('oauth.callback.backToSignIn')}
            </Link>
          }
        />
      </div>
    );
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label={t('oauth.callback.loading', { name })} />
    </div>
  );
}
