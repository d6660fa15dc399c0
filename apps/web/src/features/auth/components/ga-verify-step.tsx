import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '@/ui';
import { FormError } from './auth-card';

/** The separate verify screen: the authenticator code, submitted at exactly 6 digits; a lock (`locked`) closes the boxes. */
export function GaVerifyStep({
  error,
  locked = false,
  onSubmit,
  onEdit,
}: {
  error?: string;
  locked?: boolean;
  onSubmit: (code: string) => Promise<void>;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async (code: string) => {
    setBusy(true);
    await onSubmit(code);
    setBusy(false);
  };
  return (
    <div className="flex flex-col items-center gap-4">
      {/* Locked, the reason sits under the closed boxes and takes their focus. */}
      <CodeInput
        label={t('auth.gaVerify.title')}
        onComplete={submit}
        onChange={onEdit}
        disabled={busy}
        locked={locked}
        error={locked ? error : undefined}
        autoFocus
      />
      {locked ? null : <FormError message={error} />}
    </div>
  );
}
