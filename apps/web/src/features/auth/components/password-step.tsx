import type { LoginMode } from '@causeway/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { GradientButton, PasswordInput } from '@/ui';
import { FormError } from './auth-card';

export interface PasswordStepProps {
  email: string;
  /** The page's flow mode: reset-pwd takes it along, so "back to sign in" returns to this page. */
  mode: LoginMode;
  error?: string;
  stayLoggedIn: boolean;
  onStayLoggedInChange: (value: boolean) => void;
  onSubmit: (password: string) => Promise<void>;
  onUseCode: () => void;
  onChangeEmail: () => void;
}

/** login: the password of a known account, or a switch to an email code. */
export function PasswordStep({
  email,
  mode,
  error,
  stayLoggedIn,
  onStayLoggedInChange,
  onSubmit,
  onUseCode,
  onChangeEmail,
}: PasswordStepProps) {
  const { t } = useTranslation();
  const { lng } = useParams();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const resetQuery = new URLSearchParams({ email, mode }).toString();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    await onSubmit(password);
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-fg">{email}</span>
        <button type="button" onClick={onChangeEmail} className="text-primary underline-offset-4 hover:underline">
          {t('auth.useAnotherEmail')}
        </button>
      </p>
      <PasswordInput
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        autoFocus
      />
      <Link to={`/${lng}/reset-pwd?${resetQuery}`} className="self-end text-sm text-primary underline-offset-4 hover:underline">
        {t('auth.forgotPassword')}
      </Link>
      <label className="flex items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={stayLoggedIn}
          onChange={(event) => onStayLoggedInChange(event.target.checked)}
          className="size-4 accent-[var(--cw-primary)]"
        />
        {t('auth.stayLoggedIn')}
      </label>
      <FormError message={error} />
      <GradientButton type="submit" fullWidth loading={busy} variant={password ? 'primary' : 'inactive'}>
        {t('auth.signIn')}
      </GradientButton>
      <button type="button" onClick={onUseCode} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {t('auth.useCodeInstead')}
      </button>
    </form>
  );
}
