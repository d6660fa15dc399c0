import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GradientButton, isNewPasswordReady, NewPasswordFields } from '@/ui';
import { FormError } from './auth-card';

/** setPWD: a password that meets every rule, typed twice. */
export function SetPasswordStep({
  error,
  onSubmit,
  onSkip,
}: {
  error?: string;
  onSubmit: (password: string, repeat: string) => Promise<void>;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = isNewPasswordReady(password, repeat);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    await onSubmit(password, repeat);
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <NewPasswordFields password={password} repeat={repeat} onPasswordChange={setPassword} onRepeatChange={setRepeat} autoFocus />
      <FormError message={error} />
      <GradientButton type="submit" fullWidth loading={busy} variant={ready ? 'primary' : 'inactive'}>
        {t('auth.setPassword.save')}
      </GradientButton>
      <button type="button" onClick={onSkip} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('auth.setPassword.skip')}
      </button>
    </form>
  );
}
