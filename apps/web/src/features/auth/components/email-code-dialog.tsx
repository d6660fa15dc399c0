import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput, Modal } from '@/ui';
import { isApiError } from '@/lib/http-errors';
import { CodeRefusal, isResendTooEarly, sendRefusalText } from '../login-errors';

/** Spec §9: resend after 59 s. */
export const RESEND_SECONDS = 59;

/** The server's Retry-After on a refused send, if it gave one. */
const retryAfterOf = (failure: unknown): number | undefined => (isApiError(failure) ? failure.retryAfterSeconds : undefined);

export interface EmailCodeDialogProps {
  open: boolean;
  email: string;
  /** Sends (or resends) the code. Called when the dialog opens and on Resend. */
  sendCode: () => Promise<unknown>;
  /**
   * Checks the code; resolve on success, reject with the text to show under the boxes (a
   * CodeRefusal that is `locked` also closes the boxes).
   */
  submitCode: (code: string) => Promise<void>;
  onClose: () => void;
  /**
   * The code already went out (the step that opened the dialog sent it): opening sends nothing
   * and the countdown starts from the server's seconds left.
   */
  alreadySent?: { resendAfterSeconds: number };
}

/**
 * Where the code stands, which the dialog's description says: on its way, sent, or not sent (the
 * first send refused). A refused Resend keeps "sent": the earlier code still works.
 */
type SendState = 'sending' | 'sent' | 'notSent';
const DESCRIPTION: Record<SendState, string> = { sending: 'auth.codeDialog.sending', sent: 'auth.codeDialog.description', notSent: 'auth.codeDialog.notSent' };

/**
 * Spec §4: opening clears the boxes, sends a code and starts the 59 s countdown; the sixth digit
 * submits; a failure shows the error line (Backspace then clears all and refocuses the first box).
 * A lock closes the boxes and keeps its reason until the dialog opens again. A refused send (a
 * limit, issue 14) is said in an alert with when to ask again, and the description never claims
 * a code went out that did not.
 */
export function EmailCodeDialog({ open, email, sendCode, submitCode, onClose, alreadySent }: EmailCodeDialogProps) {
  const { t } = useTranslation();
  const firstState: SendState = alreadySent ? 'sent' : 'sending';
  const [sendState, setSendState] = useState<SendState>(firstState);
  // Each opening starts from its own first state (set while rendering, so no stale word shows).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSendState(firstState);
  }
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('auth.codeDialog.title')} description={t(DESCRIPTION[sendState], { email })} width="md">
      {/* The body mounts on every opening, so its boxes, error and countdown start fresh. */}
      <CodeDialogBody sendCode={sendCode} submitCode={submitCode} alreadySent={alreadySent} onSendState={setSendState} />
    </Modal>
  );
}

function CodeDialogBody({ sendCode, submitCode, alreadySent, onSendState }: Pick<EmailCodeDialogProps, 'sendCode' | 'submitCode' | 'alreadySent'> & { onSendState: (state: SendState) => void }) {
  const { t } = useTranslation();
  // Resend waits until a moment in time, not for a number of ticks: a limit's Retry-After may be
  // close to an hour, and a browser slows the timers of a tab in the background.
  const [now, setNow] = useState(() => Date.now());
  const [resendAt, setResendAt] = useState(() => now + (alreadySent?.resendAfterSeconds ?? RESEND_SECONDS) * 1000);
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const waitBeforeResend = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setResendAt(at + seconds * 1000);
  };
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  /** Asks for a code (`resend`: one went out before) and says how that went: sent, too early, or refused and why. */
  const deliver = (resend: boolean) =>
    sendCode().then(
      () => onSendState('sent'),
      (failure: unknown) => {
        // Asked again within the 59 s: the code that went out a moment ago still works.
        if (isResendTooEarly(failure)) {
          onSendState('sent');
          waitBeforeResend(retryAfterOf(failure) ?? RESEND_SECONDS);
          return;
        }
        const reason = sendRefusalText(failure, t);
        setRefusal(resend ? `${t('auth.codeDialog.noNewCode')} ${reason}` : reason);
        if (!resend) onSendState('notSent');
        // A limit's Retry-After says when a send can go through: Resend waits for it (asking sooner
        // would only be refused again). Without one (the network, the server) it is offered at once.
        waitBeforeResend(retryAfterOf(failure) ?? 0);
      },
    );

  const resend = () => {
    setRefusal(undefined);
    waitBeforeResend(RESEND_SECONDS);
    void deliver(true);
  };

  useEffect(() => {
    // Opening sends the first code, unless the step that opened the dialog sent it.
    if (!alreadySent) void deliver(false);
    // Once per opening: `sendCode` is a new function on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [now, secondsLeft]);

  const submit = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await submitCode(code);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setLocked(failure instanceof CodeRefusal && failure.locked);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-4">
      <CodeInput onComplete={submit} onChange={() => setError(undefined)} error={error} disabled={busy} locked={locked} autoFocus />
      {refusal ? <p role="alert" className="text-center text-sm text-danger">{refusal}</p> : null}
      {secondsLeft > 0 ? (
        <p className="text-sm text-muted" aria-live="polite">
          {/* A wait of a minute or more reads in whole minutes: a second-by-second count of an hour says nothing more, and a screen reader would hear it every second. */}
          {secondsLeft >= 60 ? t('auth.codeDialog.resendInMinutes', { minutes: Math.ceil(secondsLeft / 60) }) : t('auth.codeDialog.resendIn', { seconds: secondsLeft })}
        </p>
      ) : (
        <button type="button" onClick={resend} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('auth.codeDialog.resend')}
        </button>
      )}
    </div>
  );
}
