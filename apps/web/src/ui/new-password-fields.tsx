import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from './password-input.tsx';
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

/** True when the password meets every rule of docs/rules/validation.md and the repeat matches. */
export const isNewPasswordReady = (password: string, repeat: string): boolean =>
  Object.values(checkPasswordRules(password)).every(Boolean) && password === repeat;

/**
 * A new password with the docs/rules/validation.md rules as a live checklist, then its repeat. Each rule says
 * "Met:" or "Not met:" to screen readers (the ✓/○ marks are only seen), and a polite live summary,
 * also the field's description, counts the rules met: it changes, and is read, only when a rule
 * turns, not on every key.
 */
export function NewPasswordFields({
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  label,
  repeatLabel,
  autoFocus,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const summaryId = useId();
  const rules = checkPasswordRules(password);
  const names = Object.keys(rules) as PasswordRule[];
  const metCount = names.filter((rule) => rules[rule]).length;
  const summary =
    metCount === names.length
      ? t('ui.password.rulesSummaryAll', { total: names.length })
      : t('ui.password.rulesSummary', { met: metCount, total: names.length });
  return (
    <>
      <PasswordInput
        label={label ?? t('ui.password.label')}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValueChange={onPasswordChange}
        autoFocus={autoFocus}
        aria-describedby={summaryId}
      />
      <ul aria-label={t('ui.password.rulesLabel')} className="grid gap-1 text-sm">
        {names.map((rule) => (
          <li key={rule} className={rules[rule] ? 'text-success' : 'text-muted'}>
            <span aria-hidden="true">{rules[rule] ? '✓ ' : '○ '}</span>
            <span className="sr-only">{t(rules[rule] ? 'ui.password.met' : 'ui.password.notMet')} </span>
            {t(`ui.password.rules.${rule}`, { specials: PASSWORD_SPECIALS })}
          </li>
        ))}
      </ul>
      <p id={summaryId} data-testid="password-rules-summary" aria-live="polite" aria-atomic="true" className="sr-only">
        {summary}
      </p>
      <PasswordInput
        label={repeatLabel ?? t('ui.password.repeat')}
        name="repeat-password"
        autoComplete="new-password"
        value={repeat}
        onValueChange={onRepeatChange}
        validate={(value) => (value === password ? undefined : t('ui.password.mismatch'))}
      />
    </>
  );
}
