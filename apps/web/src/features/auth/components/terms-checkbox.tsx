import { useTranslation } from 'react-i18next';
import { useLegalLinks } from '@/lib/legal-links';
import { TaggedText } from '@/ui/tagged-text';

/** The legal pages open in a new tab: the sign-up stays as it is, and a page elsewhere gets no handle on it. */
const NEW_TAB = {
  target: '_blank',
  rel: 'noopener noreferrer',
  className: 'font-medium text-primary underline underline-offset-2',
} as const;

/**
 * The terms checkbox of a new account: checked by default (docs/rules/entities.md), with the reminder when
 * unticked. "Terms of Use" and "Privacy Statement" link the operator's pages, or the built-in ones.
 */
export function TermsCheckbox({ checked, onChange, hint }: { checked: boolean; onChange: (checked: boolean) => void; hint?: string }) {
  const { t, i18n } = useTranslation();
  const links = useLegalLinks(i18n.language);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-4 accent-[var(--cw-primary)]"
        />
        <span>
          {/* The link texts are the label's words too: the checkbox is still named "I agree to the Terms of Use and the Privacy Statement". */}
          <TaggedText
            text={t('auth.terms')}
            tags={{
              terms: (words) => (
                <a href={links.terms} {...NEW_TAB}>
                  {words}
                </a>
              ),
              privacy: (words) => (
                <a href={links.privacy} {...NEW_TAB}>
                  {words}
                </a>
              ),
            }}
          />
          {hint ? <span className="block text-muted">{hint}</span> : null}
        </span>
      </label>
      {!checked ? <p className="text-sm text-danger">{t('auth.termsRequired')}</p> : null}
    </div>
  );
}
