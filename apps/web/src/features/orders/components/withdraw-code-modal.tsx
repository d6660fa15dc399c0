import { CodeInput, Modal } from '@/ui';
import { useTranslation } from '../texts';

/** Why the code modal asks again: the last code was wrong, or the authenticator is locked (five wrong codes, an hour). */
export type CodeRefused = 'invalid' | 'locked' | null;

/**
 * The authenticator code for this withdrawal. Sent with submit-withdraw itself rather than checked
 * first by verify-otp: a code is accepted only once. The description says what the code confirms
 * (the amount and the account), so it is also the last look before the money leaves.
 */
export function WithdrawCodeModal({
  refused,
  summary,
  sending,
  onCode,
  onClose,
}: {
  refused: CodeRefused;
  /** The code typed is being checked: the boxes wait. */
  sending: boolean;
  /** "200.00 EUR to DE89 **** 3000". */
  summary: string;
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const error =
    refused === 'locked' ? t('security.tooManyTimes') : refused === 'invalid' ? t('banking.withdraw.errors.codeWrong') : undefined;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('banking.withdraw.code.title')}
      description={t('banking.withdraw.code.description', { summary })}
      width="md"
    >
      <CodeInput
        label={t('banking.withdraw.code.title')}
        onComplete={onCode}
        error={sending ? undefined : error}
        disabled={sending}
        locked={refused === 'locked'}
        autoFocus
      />
    </Modal>
  );
}
