import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendRefusalText } from '@/lib/http-errors';
import { CodeInput, Modal, RESEND_SECONDS, useCodeSender } from '@/ui';
import { CodeRefusal } from '../login-errors';

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
const DESCRIPTION: Record<SendState, string> = {
  sending: 'auth.codeDialog.sending',
  sent: 'auth.codeDialog.description',
  notSent: 'auth.codeDialog.notSent',
};

/**
 * docs/rules/order-states.md: opening clears the boxes, sends a code and starts the 59 s countdown; the sixth digit
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
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('auth.codeDialog.title')}
      description={t(DESCRIPTION[sendState], { email })}
      width="md"
    >
      {/* The body mounts on every opening, so its boxes, error and countdown start fresh. */}
      <CodeDialogBody
        sendCode={sendCode}
        submitCode={submitCode}
        alreadySent={alreadySent}
        sendState={sendState}
        onSendState={setSendState}
      />
    </Modal>
  );
}

function CodeDialogBody({
  sendCode,
  submitCode,
  alreadySent,
  sendState,
  onSendState,
}: Pick<EmailCodeDialogProps, 'sendCode' | 'submitCode' | 'alreadySent'> & {
  sendState: SendState;
  onSendState: (state: SendState) => void;
}) {
  const { t } = useTranslation();
  const sender = useCodeSender(sendCode, alreadySent?.resendAfterSeconds ?? RESEND_SECONDS);
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Opening sends the first code, unless the step that opened the dialog sent it.
    if (!alreadySent) void sender.send().then((sent) => onSendState(sent ? 'sent' : 'notSent'));
    // Once per opening: `sendCode` is a new function on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A refused Resend changes nothing above: the code sent before still works.
  const resend = () => void sender.send().then((sent) => sent && onSendState('sent'));

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
      {sender.refusal ? (
        <p role="alert" className="text-center text-sm text-danger">
          {/* After a code went out, a refused Resend says that no new one did. */}
          {sendState === 'sent' ? `${t('auth.codeDialog.noNewCode')} ` : null}
          {sendRefusalText(sender.refusal, t)}
        </p>
      ) : null}
      {sender.secondsLeft > 0 ? (
        <p className="text-sm text-muted" aria-live="polite">
          {/* A wait of a minute or more reads in whole minutes: a second-by-second count of an hour says nothing more, and a screen reader would hear it every second. */}
          {sender.secondsLeft >= 60
            ? t('auth.codeDialog.resendInMinutes', { minutes: Math.ceil(sender.secondsLeft / 60) })
            : t('auth.codeDialog.resendIn', { seconds: sender.secondsLeft })}
        </p>
      ) : (
        <button type="button" onClick={resend} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('auth.codeDialog.resend')}
        </button>
      )}
    </div>
  );
}
