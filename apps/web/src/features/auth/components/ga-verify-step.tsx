import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput, type CodeInputHandle } from '@/ui';
import { FormError } from './auth-card';

/** The separate verify screen: the authenticator code, submitted at exactly 6 digits. */
export function GaVerifyStep({ error, onSubmit, onEdit }: { error?: string; onSubmit: (code: string) => Promise<void>; onEdit: () => void }) {
  const { t } = useTranslation();
  const boxes = useRef<CodeInputHandle>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (code: string) => {
    setBusy(true);
    await onSubmit(code);
    setBusy(false);
    // The boxes were disabled while checking: give focus back so Backspace clears them for a retry.
    requestAnimationFrame(() => boxes.current?.focus());
  };
  return (
    <div className="flex flex-col items-center gap-4">
      <CodeInput ref={boxes} label={t('auth.gaVerify.title')} onComplete={submit} onChange={onEdit} disabled={busy} autoFocus />
      <FormError message={error} />
    </div>
  );
}
