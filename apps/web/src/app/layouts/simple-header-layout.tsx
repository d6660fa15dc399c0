import { lazy, type ReactNode, Suspense } from 'react';
import { LanguageSwitch } from '../language-switch';
import { ThemeToggle } from '../theme-toggle';
import { BrandMark } from './brand-mark';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

// The UK layout's notice (docs/rules/uk-and-countries.md): its own chunk, so no first load carries it.
const UkNotice = lazy(() => import('../uk-notice'));

/** business-account-form: a simple header (brand, language, theme) without navigation. */
export function SimpleHeaderLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-4xl items-center gap-2 px-4 py-3">
          <span className="mr-auto">
            <BrandMark />
          </span>
          <LanguageSwitch />
          <ThemeToggle compact />
        </div>
      </header>
      <Suspense fallback={null}>
        <UkNotice />
      </Suspense>
      <main id={MAIN_CONTENT_ID} className="mx-auto max-w-4xl px-4 pt-6 pb-24">
        {children}
      </main>
    </div>
  );
}
