import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, GradientButton } from '@/ui';

/** Logout with a confirmation dialog (docs/rules/screens.md). `onConfirm` ends the session and leaves the page. */
export function LogoutButton({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <GradientButton variant="outline" onClick={() => setOpen(true)}>
        {t('security.logout.button')}
      </GradientButton>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('security.logout.confirmTitle')}
        description={t('security.logout.confirmText')}
        confirmLabel={t('security.logout.confirm')}
        cancelLabel={t('security.logout.cancel')}
        onConfirm={onConfirm}
      />
    </>
  );
}
