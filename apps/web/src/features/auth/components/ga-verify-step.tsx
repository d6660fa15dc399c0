import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '@/ui';
import { FormError } from './auth-card';

/** The separate verify screen: the authenticator code, submitted at exactly 6 digits. */
export function GaVerifyStep({ error, onSubmit, onEdit }: { error?: string; onSubmit: (code: string) => Promise<void>; onEdit: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async (code: string) => {
    setBusy(true);
    await onSubmit(code);
    setBusy(false);
  };
  return (
    <div className="flex flex-col items-center gap-4">
      <CodeInput label={t('auth.gaVerify.title')} onComplete={submit} onChange={onEdit} disabled={busy} autoFocus />
      <FormError message={error} />
    </div>
  );
}
