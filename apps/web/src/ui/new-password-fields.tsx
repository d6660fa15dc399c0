import { useTranslation } from 'react-i18next';
import { FloatingLabelInput } from './floating-label-input.tsx';
import { checkPasswordRules, PASSWORD_SPECIALS, type PasswordRule } from './password-rules.ts';

export interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  /** Label of the first field; default "Password". */
  label?: string;
  /** Label of the repeat field; default "Repeat password". */
  repeatLabel?: string;
  autoFocus?: boolean;
}

/** True when the password meets every rule of spec §5 and the repeat matches. */
export const isNewPasswordReady = (password: string, repeat: string): boolean =>
  Object.values(checkPasswordRules(password)).every(Boolean) && password === repeat;

/** A new password with the spec §5 rules as a live checklist, then its repeat. */
export function NewPasswordFields({ password, repeat, onPasswordChange, onRepeatChange, label, repeatLabel, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rules = checkPasswordRules(password);
  return (
    <>
      <FloatingLabelInput label={label ?? t('ui.password.label')} type="password" name="new-password" autoComplete="new-password" value={password} onValueChange={onPasswordChange} autoFocus={autoFocus} />
      <ul aria-label={t('ui.password.rulesLabel')} className="grid gap-1 text-sm">
        {(Object.keys(rules) as PasswordRule[]).map((rule) => (
          <li key={rule} className={rules[rule] ? 'text-success' : 'text-muted'}>
            <span aria-hidden="true">{rules[rule] ? '✓ ' : '○ '}</span>
            {t(`ui.password.rules.${rule}`, { specials: PASSWORD_SPECIALS })}
          </li>
        ))}
      </ul>
      <FloatingLabelInput
        label={repeatLabel ?? t('ui.password.repeat')}
        type="password"
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onValueChange={onRepeatChange}
        validate={(value) => (value === password ? undefined : t('ui.password.mismatch'))}
      />
    </>
  );
}
