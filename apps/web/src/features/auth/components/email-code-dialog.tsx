import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput, Modal } from '@/ui';
import { CodeRefusal } from '../login-errors';

/** Spec §9: resend after 59 s. */
export const RESEND_SECONDS = 59;

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
 * Spec §4: opening clears the boxes, sends a code and starts the 59 s countdown; the sixth digit
 * submits; a failure shows the error line (Backspace then clears all and refocuses the first box).
 * A lock closes the boxes and keeps its reason until the dialog opens again.
 */
export function EmailCodeDialog({ open, email, sendCode, submitCode, onClose, alreadySent }: EmailCodeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('auth.codeDialog.title')} description={t('auth.codeDialog.description', { email })} width="md">
      {/* The body mounts on every opening, so its boxes, error and countdown start fresh. */}
      <CodeDialogBody sendCode={sendCode} submitCode={submitCode} alreadySent={alreadySent} />
    </Modal>
  );
}

function CodeDialogBody({ sendCode, submitCode, alreadySent }: Pick<EmailCodeDialogProps, 'sendCode' | 'submitCode' | 'alreadySent'>) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(alreadySent?.resendAfterSeconds ?? RESEND_SECONDS);
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = () => {
    setSecondsLeft(RESEND_SECONDS);
    void sendCode().catch(() => setSecondsLeft(0));
  };

  useEffect(() => {
    // Opening sends the first code; a failed send lets the person resend at once.
    if (!alreadySent) void sendCode().catch(() => setSecondsLeft(0));
    // Once per opening: `sendCode` is a new function on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

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
      {secondsLeft > 0 ? (
        <p className="text-sm text-muted" aria-live="polite">{t('auth.codeDialog.resendIn', { seconds: secondsLeft })}</p>
      ) : (
        <button type="button" onClick={send} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('auth.codeDialog.resend')}
        </button>
      )}
    </div>
  );
}
