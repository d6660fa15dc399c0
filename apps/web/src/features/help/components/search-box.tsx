import { useId, useState } from 'react';
import { useTranslation } from '../texts';
import { useHelpWidget } from '../hooks/use-help-data';

/**
 * The help centre's search (Home, Help and the results page). docs/rules/validation.md: the input is trimmed and
 * blank input is ignored: no call, and the page stays as it is.
 */
export function SearchBox({ keyword = '' }: { keyword?: string }) {
  const { t } = useTranslation();
  const { openPage } = useHelpWidget();
  const inputId = useId();
  const [value, setValue] = useState(keyword);
  // A new search from elsewhere (a window setter) shows its keyword here.
  const [shown, setShown] = useState(keyword);
  if (shown !== keyword) {
    setShown(keyword);
    setValue(keyword);
  }
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = value.trim();
        if (trimmed !== '') openPage({ type: 'search', keyword: trimmed });
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('help.search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('help.search.placeholder')}
        autoComplete="off"
        className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 text-sm text-fg placeholder:text-muted"
      />
      <button
        type="submit"
        className="min-h-11 shrink-0 rounded-xl bg-primary px-4 text-sm font-semibold text-on-primary hover:brightness-110"
      >
        {t('help.search.submit')}
      </button>
    </form>
  );
}
