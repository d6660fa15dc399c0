import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { storage } from '@/lib/storage';

/** docs/rules/screens.md: "Theme: darkMode boolean in local storage, default system preference." */
export const DARK_MODE_STORAGE_KEY = 'darkMode';

/** The stored choice, else the system preference. */
export function readInitialDarkMode(): boolean {
  const stored = storage.getItem<boolean>(DARK_MODE_STORAGE_KEY);
  if (typeof stored === 'boolean') return stored;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Sets the attribute the theme tokens key on. Called before the first render to avoid a flash. */
export function applyTheme(darkMode: boolean): void {
  document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
  document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
}

interface ThemeValue {
  darkMode: boolean;
  setDarkMode(value: boolean): void;
  toggleDarkMode(): void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [darkMode, setDarkModeState] = useState(readInitialDarkMode);
  // Before the browser paints the render that changed it: never a frame of the new toggle on the old theme.
  useLayoutEffect(() => applyTheme(darkMode), [darkMode]);
  const setDarkMode = useCallback((value: boolean) => {
    storage.setItem(DARK_MODE_STORAGE_KEY, value);
    setDarkModeState(value);
  }, []);
  const value = useMemo(() => ({ darkMode, setDarkMode, toggleDarkMode: () => setDarkMode(!darkMode) }), [darkMode, setDarkMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
