import { useTranslation } from 'react-i18next';
import { GradientButton, Modal } from '@/ui';

/** The notice itself; its own chunk, since few people ever see it. */
export default function UkLoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('common.ukLoginTitle')} description={t('common.ukLoginTips')} width="md">
      <GradientButton fullWidth onClick={onClose}>{t('common.ok')}</GradientButton>
    </Modal>
  );
}
