import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradientButton, Modal } from '@/ui';

/** Logout with a confirmation dialog (spec §2). `onConfirm` ends the session and leaves the page. */
export function LogoutButton({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <GradientButton variant="outline" onClick={() => setOpen(true)}>{t('security.logout.button')}</GradientButton>
      <Modal open={open} onOpenChange={setOpen} title={t('security.logout.confirmTitle')} description={t('security.logout.confirmText')} width="sm">
        <div className="flex gap-3">
          <GradientButton variant="outline" fullWidth onClick={() => setOpen(false)}>{t('security.logout.cancel')}</GradientButton>
          <GradientButton
            fullWidth
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm();
            }}
          >
            {t('security.logout.confirm')}
          </GradientButton>
        </div>
      </Modal>
    </>
  );
}
