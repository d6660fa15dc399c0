import { SUPPORTED_LANGUAGES } from '@causeway/translations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { stripLocale } from './route-rules';

const LANGUAGE_NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], string> = { en: 'English', zh: '中文' };

/** Switches the locale segment of the current path, keeping the rest of the URL. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="sr-only">{t('common.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => navigate(`/${event.target.value}${stripLocale(location.pathname, SUPPORTED_LANGUAGES)}${location.search}`)}
        className="h-10 rounded-full border border-line bg-surface px-3 text-fg"
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>{LANGUAGE_NAMES[lng]}</option>
        ))}
      </select>
    </div>
  );
}
