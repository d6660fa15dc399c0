import { useTranslation } from 'react-i18next';
import { useTheme } from './theme';

/**
 * A switch between light and dark mode: one name, "Dark mode", its state announced as
 * pressed/not pressed. `compact`: on phones only the sun or moon is seen (the name stays for
 * screen readers), where a header has one row for everything.
 */
export function ThemeToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { darkMode, toggleDarkMode } = useTheme();
  return (
    <button
      type="button"
      aria-pressed={darkMode}
      onClick={toggleDarkMode}
      className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm text-fg hover:bg-surface-2"
    >
      <span aria-hidden="true">{darkMode ? '☾' : '☀'}</span>
      <span className={compact ? 'whitespace-nowrap max-sm:sr-only' : 'whitespace-nowrap'}>{t('common.darkMode')}</span>
    </button>
  );
}
