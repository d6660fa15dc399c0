import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';

/** Renders a component with the bundled English texts, as the app does before remote texts arrive. */
export function renderWithI18n(ui: ReactElement, options?: RenderOptions) {
  const i18n = createI18n('en');
  const Wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return render(ui, { wrapper: Wrapper, ...options });
}
