import { isLanguage } from '@causeway/translations';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, readInitialDarkMode } from './app/theme';
import { loadTranslations } from './app/translations-loader';
import './app/theme.css';
import { createI18n } from './lib/i18n';

// Theme before the first paint, so a dark-mode user never sees a white flash.
applyTheme(readInitialDarkMode());

const params = new URLSearchParams(window.location.search);
const first = window.location.pathname.split('/').filter(Boolean)[0];
const lng = [params.get('lng'), first].find(isLanguage) ?? 'en';
const i18n = createI18n(lng);
// English is bundled; other languages arrive from get-translations (English shows meanwhile).
if (lng !== 'en') void loadTranslations(i18n, lng);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
