import { useTranslation } from '../texts';
import { CodeInput, Modal } from '@/ui';
import type { CodeRefused } from '../trade-form-state';

/**
 * The authenticator code for this order (docs/rules/order-states.md verify step). The code is sent with submit-buy
 * (otpType GA_OTP) rather than checked first by verify-otp: a code is accepted only once. A
 * refused code says why; a lock closes the boxes (focus goes to the reason).
 */
export function OrderCodeModal({
  refused,
  onCode,
  onClose,
}: {
  refused: CodeRefused;
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const error = refused === 'locked' ? t('security.tooManyTimes') : refused === 'invalid' ? t('trade.otp.invalid') : undefined;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('trade.otp.title')}
      description={t('trade.otp.description')}
      width="md"
    >
      <CodeInput label={t('trade.otp.title')} onComplete={onCode} error={error} locked={refused === 'locked'} autoFocus />
    </Modal>
  );
}
