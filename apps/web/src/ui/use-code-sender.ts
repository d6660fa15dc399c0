import { useEffect, useState } from 'react';
import { isApiError, isResendTooEarly } from '@/lib/http-errors';

/** docs/rules/limits.md: Resend after 59 s. */
export const RESEND_SECONDS = 59;

/**
 * How long Resend waits after a failed send: the server's Retry-After (asking sooner would only
 * be refused again); without one, the 59 s after a send asked too early, else none (the network,
 * the server: trying again at once may work).
 */
const resendWaitAfter = (failure: unknown): number =>
  (isApiError(failure) ? failure.retryAfterSeconds : undefined) ?? (isResendTooEarly(failure) ? RESEND_SECONDS : 0);

/**
 * Sends an email code and counts down to Resend, for the code dialog and the authenticator bind
 * modal alike. `send` resolves true when a code is out (now, or a moment ago: a send asked too
 * early is no refusal, that code still works); else `refusal` holds the failure until the next
 * send, for the caller to word (sendRefusalText).
 *
 * The countdown runs to a moment in time, not for a number of ticks: a limit's Retry-After may be
 * close to an hour, and a browser slows the timers of a tab in the background.
 */
export function useCodeSender(sendCode: () => Promise<unknown>, firstWaitSeconds: number) {
  const [now, setNow] = useState(() => Date.now());
  const [resendAt, setResendAt] = useState(() => now + firstWaitSeconds * 1000);
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const [refusal, setRefusal] = useState<unknown>();

  // One interval for the whole wait (not a timeout re-armed by every render): it stops at zero
  // and starts again with the next send's deadline.
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting, resendAt]);

  const waitFor = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setResendAt(at + seconds * 1000);
  };

  const send = async (): Promise<boolean> => {
    setRefusal(undefined);
    waitFor(RESEND_SECONDS);
    try {
      await sendCode();
      return true;
    } catch (failure) {
      waitFor(resendWaitAfter(failure));
      if (isResendTooEarly(failure)) return true;
      setRefusal(failure);
      return false;
    }
  };

  return { secondsLeft, refusal, send };
}
