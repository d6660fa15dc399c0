import { type MenuLink, PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { HttpClientProvider } from '@/lib/http-context';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { testI18n } from '@/test/render';
import { TermsCheckbox } from './terms-checkbox';

/** What get-links answers on an install that kept the built-in pages. */
const BUILT_IN: MenuLink[] = [
  { key: 'terms', url: '/{lng}/legal/terms', sort: 1 },
  { key: 'privacy', url: '/{lng}/legal/privacy', sort: 2 },
  { key: 'cookies', url: '/{lng}/legal/cookies', sort: 3 },
];

function openConsent(links: Responder = () => BUILT_IN, lng: 'en' | 'zh' = 'en') {
  const http = routedHttpClient({ [PATHS.menuLinks]: links });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={testI18n(lng)}>
      <HttpClientProvider client={http.client}>
        <QueryClientProvider client={queryClient}>
          <TermsCheckbox checked onChange={() => {}} />
        </QueryClientProvider>
      </HttpClientProvider>
    </I18nextProvider>,
  );
  return http;
}

/** A link once get-links has answered (its href no longer the fallback's, when they differ). */
const linkTo = async (name: string, href: string) => {
  const link = await screen.findByRole('link', { name });
  await expect.poll(() => link.getAttribute('href')).toBe(href);
  return link;
};

// Issue 14: "Terms of Use" and "Privacy Statement" at sign-up were plain text.
describe('the sign-up consent line', () => {
  it('links the Terms of Use and the Privacy Statement (the built-in pages), in a new tab, safely', async () => {
    openConsent();
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms of Use and the Privacy Statement' })).toBeChecked();
    for (const [name, href] of [
      ['Terms of Use', '/en/legal/terms'],
      ['Privacy Statement', '/en/legal/privacy'],
    ] as const) {
      const link = await linkTo(name, href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it("links the operator's own pages when get-links names them (TERMS_URL, PRIVACY_URL), {lng} filled in", async () => {
    const { calls } = openConsent(() => [
      { key: 'terms', url: 'https://shop.example/{lng}/terms', sort: 1 },
      { key: 'privacy', url: 'https://shop.example/privacy', sort: 2 },
    ]);
    expect(await linkTo('Terms of Use', 'https://shop.example/en/terms')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await linkTo('Privacy Statement', 'https://shop.example/privacy')).toHaveAttribute('target', '_blank');
    expect(calls.filter((call) => call.path === PATHS.menuLinks)).toEqual([
      expect.objectContaining({ method: 'GET', options: { silent: true } }),
    ]);
  });

  it('still links the built-in pages when get-links fails', async () => {
    openConsent(() => {
      throw businessError(PATHS.menuLinks, '999999');
    });
    expect(await linkTo('Terms of Use', '/en/legal/terms')).toBeInTheDocument();
    expect(await linkTo('Privacy Statement', '/en/legal/privacy')).toBeInTheDocument();
  });

  it('in Chinese, to the Chinese pages', async () => {
    openConsent(() => BUILT_IN, 'zh');
    expect(screen.getByRole('checkbox', { name: '我同意使用条款和隐私声明' })).toBeInTheDocument();
    expect(await linkTo('使用条款', '/zh/legal/terms')).toBeInTheDocument();
    expect(await linkTo('隐私声明', '/zh/legal/privacy')).toBeInTheDocument();
  });
});
