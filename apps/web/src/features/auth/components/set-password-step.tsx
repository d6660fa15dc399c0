import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FloatingLabelInput, GradientButton } from '@/ui';
import { checkPasswordRules, PASSWORD_SPECIALS, type PasswordRule } from '../password-rules';
import { FormError } from './auth-card';

/** setPWD: a password that meets every rule, typed twice. */
export function SetPasswordStep({ error, onSubmit, onSkip }: { error?: string; onSubmit: (password: string, repeat: string) => Promise<void>; onSkip: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const rules = checkPasswordRules(password);
  const ready = Object.values(rules).every(Boolean) && password === repeat;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    await onSubmit(password, repeat);
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <FloatingLabelInput label={t('auth.password')} type="password" name="new-password" autoComplete="new-password" value={password} onValueChange={setPassword} autoFocus />
      <ul aria-label={t('auth.setPassword.title')} className="grid gap-1 text-sm">
        {(Object.keys(rules) as PasswordRule[]).map((rule) => (
          <li key={rule} className={rules[rule] ? 'text-success' : 'text-muted'}>
            <span aria-hidden="true">{rules[rule] ? '✓ ' : '○ '}</span>
            {t(`auth.setPassword.rules.${rule}`, { specials: PASSWORD_SPECIALS })}
          </li>
        ))}
      </ul>
      <FloatingLabelInput
        label={t('auth.setPassword.repeat')}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onValueChange={setRepeat}
        validate={(value) => (value === password ? undefined : t('auth.setPassword.mismatch'))}
      />
      <FormError message={error} />
      <GradientButton type="submit" fullWidth loading={busy} variant={ready ? 'primary' : 'inactive'}>{t('auth.setPassword.save')}</GradientButton>
      <button type="button" onClick={onSkip} className="text-sm font-medium text-primary underline-offset-4 hover:underline">{t('auth.setPassword.skip')}</button>
    </form>
  );
}
