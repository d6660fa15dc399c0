import { ErrorCode } from '@causeway/contracts';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { createAuthenticatorApi, decideAuthenticatorCheck } from '@/lib/authenticator-api';
import { useHttpClient } from '@/lib/http-context';
import { isError, isLocked } from '@/lib/http-errors';
import { CodeInput, Modal } from '@/ui';
import type { SecondFactor } from './api/merchant-console-api';
import { useTranslation } from './texts';

/** Why the code dialog asks again: the code was wrong, or the authenticator is locked (five wrong codes, an hour). */
type CodeRefused = 'invalid' | 'locked' | null;
type Asking = { refused: CodeRefused; sending: boolean };

/** The server's answers that mean "another code, please": none was sent (ODR00001009) or it was wrong (USE003000011). */
const CODE_REFUSALS = [ErrorCode.AuthenticatorCodeRequiredForOrder, ErrorCode.AuthenticatorCodeWrong] as const;

/**
 * The authenticator check of a sensitive change (a key made, rolled or revoked; an endpoint made or its
 * secret rotated), as the withdraw and sell forms run it: binding status first; with an authenticator
 * bound, the code is asked and sent with the change itself (a code is accepted once, so it is not
 * checked first by verify-otp). Without one the change goes as it is, and should the server ask for a
 * code after all (ODR00001009: one was bound meanwhile) the dialog opens then. Binding is not asked
 * for: the console's changes do not require an authenticator, only take its code when there is one.
 *
 * `run(send)` resolves with the answer, or undefined when the person closed the dialog; any other
 * refusal rejects. Render `element` once.
 */
export function useSecondFactor() {
  const client = useHttpClient();
  const authenticator = useMemo(() => createAuthenticatorApi(client), [client]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const waiting = useRef<{ onCode: (code: string) => void; onCancel: () => void } | null>(null);

  function askCode<T>(send: (factor: SecondFactor) => Promise<T>): Promise<T | undefined> {
    return new Promise((resolve, reject) => {
      const end = () => {
        waiting.current = null;
        setAsking(null);
      };
      setAsking({ refused: null, sending: false });
      waiting.current = {
        onCode: (code) => {
          setAsking({ refused: null, sending: true });
          send({ otpType: 'GA_OTP', otpCode: code }).then(
            (result) => {
              end();
              resolve(result);
            },
            (error: unknown) => {
              if (isLocked(error)) return setAsking({ refused: 'locked', sending: false });
              if (isError(error, ...CODE_REFUSALS)) return setAsking({ refused: 'invalid', sending: false });
              end();
              reject(error);
            },
          );
        },
        onCancel: () => {
          end();
          resolve(undefined);
        },
      };
    });
  }

  async function run<T>(send: (factor: SecondFactor) => Promise<T>): Promise<T | undefined> {
    const status = await authenticator.bindingStatus('SECURITY');
    if (decideAuthenticatorCheck(status, false) === 'verify') return askCode(send);
    try {
      return await send({});
    } catch (error) {
      if (!isError(error, ErrorCode.AuthenticatorCodeRequiredForOrder)) throw error;
      return askCode(send);
    }
  }

  let element: ReactNode = null;
  if (asking)
    element = (
      <CodeModal
        refused={asking.refused}
        sending={asking.sending}
        onCode={(code) => waiting.current?.onCode(code)}
        // A code on its way cannot be taken back: closing then would lose its answer (a secret shown once).
        onClose={() => (asking.sending ? undefined : waiting.current?.onCancel())}
      />
    );
  return { run, element };
}

/** The authenticator code for this change; a refused code says why, a lock closes the boxes (focus goes to the reason). */
function CodeModal({
  refused,
  sending,
  onCode,
  onClose,
}: {
  refused: CodeRefused;
  sending: boolean;
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const error = refused === 'locked' ? t('security.tooManyTimes') : refused === 'invalid' ? t('merchantConsole.code.invalid') : undefined;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('merchantConsole.code.title')}
      description={t('merchantConsole.code.description')}
      width="md"
    >
      <CodeInput
        label={t('merchantConsole.code.title')}
        onComplete={onCode}
        error={sending ? undefined : error}
        disabled={sending}
        locked={refused === 'locked'}
        autoFocus
      />
    </Modal>
  );
}
