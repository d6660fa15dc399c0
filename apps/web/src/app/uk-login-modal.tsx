import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradientButton, Modal } from '@/ui';
import { ukLoginNotice } from './uk-login-store';

/** Spec §8, code 10000041: the UK login notice (UKLoginTitle, UKLoginTips). */
export function UkLoginModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => ukLoginNotice.subscribe(setOpen), []);
  return (
    <Modal open={open} onOpenChange={setOpen} title={t('common.ukLoginTitle')} description={t('common.ukLoginTips')} width="md">
      <GradientButton fullWidth onClick={() => setOpen(false)}>{t('common.ok')}</GradientButton>
    </Modal>
  );
}
