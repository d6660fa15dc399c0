import { useTranslation } from 'react-i18next';

/** The terms checkbox of a new account: checked by default (spec §3), with the reminder when unticked. */
export function TermsCheckbox({ checked, onChange, hint }: { checked: boolean; onChange: (checked: boolean) => void; hint?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm text-fg">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="mt-0.5 size-4 accent-[var(--cw-primary)]" />
        <span>
          {t('auth.terms')}
          {hint ? <span className="block text-muted">{hint}</span> : null}
        </span>
      </label>
      {!checked ? <p className="text-sm text-danger">{t('auth.termsRequired')}</p> : null}
    </div>
  );
}
