import type { UploadHandoffFile } from '@causeway/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradientButton } from '@/ui';
import type { UploadHandoffApi } from '../api/upload-handoff-api';

// Loaded on the first opening: most people upload from this computer.
const PhoneUploadDialog = lazy(() => import('./phone-upload-dialog'));

export interface PhoneHandoffProps {
  api: UploadHandoffApi;
  /** Whether the chosen document has a slot to fill: the button shows only then. */
  canReceive: boolean;
  /** Places files that arrived from the phone; answers true when every slot is filled, which closes the dialog. */
  onArrived: (files: UploadHandoffFile[]) => boolean;
}

/** The document step's "Use your phone to take the photos" button and its dialog. */
export function PhoneHandoff({ api, canReceive, onArrived }: PhoneHandoffProps) {
  const { t } = useTranslation();
  // Undefined until first opened; then the dialog stays mounted (closed or open) so its link is kept.
  const [open, setOpen] = useState<boolean>();
  return (
    <>
      {canReceive ? (
        <GradientButton variant="outline" fullWidth onClick={() => setOpen(true)}>
          {t('verification.docs.phone.open')}
        </GradientButton>
      ) : null}
      {open !== undefined ? (
        <Suspense fallback={null}>
          <PhoneUploadDialog
            open={open}
            onClose={() => setOpen(false)}
            api={api}
            onArrived={(files) => {
              if (onArrived(files)) setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
