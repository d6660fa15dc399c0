import { isLanguage, type Language, SUPPORTED_LANGUAGES } from '@causeway/translations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ChevronDownIcon, GlobeIcon } from '@/ui/icons';
import { stripLocale } from '@/lib/locale-path';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };
/** The face on phones, where the header has one row for everything (issue 14). */
const SHORT_NAMES: Record<Language, string> = { en: 'EN', zh: '中文' };

/**
 * Switches the locale segment of the current path, keeping the rest of the URL. A native select
 * (the phone's own picker, full keyboard support) laid see-through over a face that shows a globe
 * and the language: its short name on phones, its full name from sm up. Screen readers hear the
 * select ("Language", English); the face is hidden from them.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div className="relative inline-flex h-10 shrink-0 items-center rounded-full border border-line bg-surface text-sm text-fg hover:bg-surface-2 has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-focus">
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <span data-testid="language-face" aria-hidden="true" className="pointer-events-none inline-flex items-center gap-1 px-3">
        <GlobeIcon className="size-4" />
        <span className="sm:hidden">{SHORT_NAMES[current]}</span>
        <span className="max-sm:hidden">{LANGUAGE_NAMES[current]}</span>
        <ChevronDownIcon className="size-4 text-muted" />
      </span>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => navigate(`/${event.target.value}${stripLocale(location.pathname)}${location.search}`)}
        className="absolute inset-0 size-full cursor-pointer rounded-full bg-surface text-fg opacity-0"
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
