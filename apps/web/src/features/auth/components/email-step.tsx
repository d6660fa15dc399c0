import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FloatingLabelInput, GradientButton } from '@/ui';
import { looksLikeEmail } from '../email-pattern';
import { FormError } from './auth-card';

/** loginPre: the email, then Continue. */
export function EmailStep({
  initialEmail,
  error,
  onSubmit,
}: {
  initialEmail: string;
  error?: string;
  onSubmit: (email: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const valid = looksLikeEmail(email);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    await onSubmit(email.trim());
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FloatingLabelInput
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        validate={(value) => (looksLikeEmail(value) ? undefined : t('auth.invalidEmail'))}
        autoFocus
      />
      <FormError message={error} />
      <GradientButton type="submit" fullWidth showContinueArrow loading={busy} variant={valid ? 'primary' : 'inactive'} />
    </form>
  );
}
