import { SUPPORTED_LANGUAGES } from '@causeway/translations';
import { MODE_STORAGE_KEY, storedMode, type FlowMode } from '@/lib/mode';
import { storage } from '@/lib/storage';
import { stripLocale } from '@/lib/locale-path';
import { flowTypeFromPath, isLoginPath } from './route-rules';

const currentPath = () => stripLocale(window.location.pathname);

/** The active flow mode: from the path when it names one (and remembered), else the remembered one, else individual. */
export function currentMode(): FlowMode {
  const fromPath = flowTypeFromPath(currentPath());
  if (fromPath) {
    storage.setItem(MODE_STORAGE_KEY, fromPath);
    return fromPath;
  }
  return storedMode();
}

export const isOnLoginPage = (): boolean => isLoginPath(currentPath());

/** The locale segment of the current URL, en when there is none. */
export function currentLanguage(): string {
  const first = window.location.pathname.split('/').filter(Boolean)[0];
  return first && (SUPPORTED_LANGUAGES as readonly string[]).includes(first) ? first : 'en';
}
