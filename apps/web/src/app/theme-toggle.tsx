import { useTranslation } from 'react-i18next';
import { useTheme } from './theme';

/** A switch between light and dark mode; its state is announced as pressed/not pressed. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { darkMode, toggleDarkMode } = useTheme();
  return (
    <button
      type="button"
      aria-pressed={darkMode}
      onClick={toggleDarkMode}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm text-fg hover:bg-surface-2"
    >
      <span aria-hidden="true">{darkMode ? '☾' : '☀'}</span>
      <span>{t('common.darkMode')}</span>
    </button>
  );
}
