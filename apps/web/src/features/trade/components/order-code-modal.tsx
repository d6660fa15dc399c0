import { useTranslation } from 'react-i18next';
import { CodeInput, Modal } from '@/ui';

/**
 * The authenticator code for this order (spec §4 verify step). The code is sent with submit-buy
 * (otpType GA_OTP) rather than checked first by verify-otp: a code is accepted only once.
 */
export function OrderCodeModal({ invalid, onCode, onClose }: { invalid: boolean; onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('trade.otp.title')} description={t('trade.otp.description')} width="md">
      <CodeInput label={t('trade.otp.title')} onComplete={onCode} error={invalid ? t('trade.otp.invalid') : undefined} autoFocus />
    </Modal>
  );
}
