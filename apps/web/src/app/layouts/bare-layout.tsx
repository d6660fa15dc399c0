import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from './skip-link';

/** No-login routes: no header or chrome, only the page (docs/rules/screens.md). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} className="min-h-dvh bg-bg text-fg">
      {children}
    </main>
  );
}
