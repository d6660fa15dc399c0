import { bundledTranslations } from '@causeway/translations';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/app-harness';
import { loadHomePage, loadNotFoundPage, PAGE_ROUTES } from './route-table';

/** get-translations as the server answers it, for the zh pages the router lands on. */
const translationsFetch = vi.fn((url: RequestInfo | URL) => {
  const lang = new URL(String(url), 'http://app.test').searchParams.get('lang');
  const body = { status: 200, code: '000000', msg: '', data: { lang, texts: bundledTranslations.zh } };
  return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) } as Response);
});

/**
 * The layout's header (the banner landmark). Testing Library also counts a page's own <header>
 * inside <main> as a banner, which browsers do not, so the layout's one is found by position.
 */
function pageHeader(): HTMLElement {
  const header = document.querySelector<HTMLElement>('header:not(main header)');
  if (!header) throw new Error('no layout header');
  return header;
}

beforeAll(async () => {
  // Warm the page chunks so the first lazy route of this file resolves as fast as the rest.
  await Promise.all([...PAGE_ROUTES.map((route) => route.load()), loadNotFoundPage(), loadHomePage()]);
});
beforeEach(() => {
  translationsFetch.mockClear();
  vi.stubGlobal('fetch', translationsFetch);
  document.documentElement.lang = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('locale in the URL', () => {
  it('sends / to the English start page, the buy form', async () => {
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy crypto with your card' })).toBeInTheDocument();
    expect(app.location()).toBe('/en');
    expect(document.documentElement.lang).toBe('en');
    expect(translationsFetch).not.toHaveBeenCalled();
  });

  it('opens the start page, the buy form, at /en (no longer the sandbox tools, which stay at /en/sandbox)', async () => {
    const app = renderApp('/en');
    await screen.findByRole('heading', { level: 1, name: 'Buy crypto with your card' });
    expect(app.location()).toBe('/en');
    await act(() => app.router.navigate('/en/sandbox'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox tools' })).toBeInTheDocument();
  });

  it('takes the language of ?lng=zh, then loads the Chinese texts', async () => {
    const app = renderApp('/?lng=zh');
    expect(await screen.findByRole('heading', { level: 1, name: '用银行卡购买加密货币' })).toBeInTheDocument();
    expect(app.location()).toBe('/zh');
    expect(app.i18n.language).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    // Once, although the language change re-runs LocaleRoot's effect while the texts are in flight.
    expect(translationsFetch).toHaveBeenCalledTimes(1);
    expect(String(translationsFetch.mock.calls[0]![0])).toContain('lang=zh');
  });

  it('adds the locale to a locale-free path, ignoring an unsupported lng and keeping the other parameters', async () => {
    const app = renderApp('/user-blocked?lng=fr&code=AC100003');
    expect(await screen.findByText('Blocked due to compliance with code AC100003')).toBeInTheDocument();
    expect(app.location()).toBe('/en/user-blocked?code=AC100003');
  });

  it('lets ?lng override the locale segment and drops the parameter', async () => {
    const app = renderApp('/zh/sandbox?lng=en');
    await screen.findByRole('heading', { level: 1, name: 'Sandbox tools' });
    expect(app.location()).toBe('/en/sandbox');
    expect(app.i18n.language).toBe('en');
  });

  // Issue 14: Chinese (and English) by their usual names, e.g. the help centre's own zh-cn.
  it.each(['zh', 'zh-CN', 'zh-cn', 'ZH-CN', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'zh_CN'])(
    'takes the language tag %s as zh, keeping path and query',
    async (tag) => {
      const app = renderApp(`/${tag}/sandbox?x=1`);
      expect(await screen.findByRole('heading', { level: 1, name: '沙盒工具' })).toBeInTheDocument();
      expect(app.location()).toBe('/zh/sandbox?x=1');
      expect(app.i18n.language).toBe('zh');
    },
  );

  it.each(['EN', 'en-US', 'en-GB', 'En-us', 'en-Latn-US'])('takes the language tag %s as en', async (tag) => {
    const app = renderApp(`/${tag}/sandbox`);
    await screen.findByRole('heading', { level: 1, name: 'Sandbox tools' });
    expect(app.location()).toBe('/en/sandbox');
  });

  it('keeps the rest of the path, the query and the hash: /zh-CN/login-v2?x=1#top → /zh/login-v2?x=1#top', async () => {
    const app = renderApp('/zh-CN/login-v2?x=1#top');
    await waitFor(() => expect(app.location()).toBe('/zh/login-v2?x=1'));
    expect(app.router.state.location.hash).toBe('#top');
    expect(screen.queryByRole('heading', { level: 1, name: /Page not found|页面不存在/ })).not.toBeInTheDocument();
  });

  it('a tag alone goes to the start page in its language, and ?lng takes a tag too', async () => {
    const app = renderApp('/zh-Hans');
    expect(await screen.findByRole('heading', { level: 1, name: '用银行卡购买加密货币' })).toBeInTheDocument();
    expect(app.location()).toBe('/zh');
    await act(() => app.router.navigate('/en/sandbox?lng=zh-TW'));
    await waitFor(() => expect(app.location()).toBe('/zh/sandbox'));
  });

  it('a first segment that is no tag of a supported language is a page, as before', async () => {
    const app = renderApp('/fr-FR/sandbox');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(app.location()).toBe('/en/fr-FR/sandbox');
  });

  it('shows "Page not found" for an unknown page, with a link to the start page', async () => {
    const app = renderApp('/en/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/en');
    expect(app.location()).toBe('/en/unknown');
  });
});

describe('language switch', () => {
  it('swaps the locale segment and keeps the rest of the URL', async () => {
    const app = renderApp('/en/sandbox?tab=1');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');

    fireEvent.change(select, { target: { value: 'zh' } });

    expect(await screen.findByRole('heading', { level: 1, name: '沙盒工具' })).toBeInTheDocument();
    expect(app.location()).toBe('/zh/sandbox?tab=1');
    expect(screen.getByRole('combobox')).toHaveValue('zh');
  });
});

describe('layouts', () => {
  it.each(['/en/user-blocked', '/en/services-unavailable'])('%s is bare: the page alone, no header', async (url) => {
    renderApp(url);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(document.querySelector('header')).toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip to content' })).not.toBeInTheDocument();
  });

  it('wraps the sandbox in the main header: brand, navigation, language and theme', async () => {
    renderApp('/en/sandbox');
    await screen.findByRole('heading', { level: 1, name: 'Sandbox tools' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const header = pageHeader();
    expect(within(nav).getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('href', '/en/buy-crypto');
    expect(within(header).getByRole('link', { name: 'Causeway' })).toHaveAttribute('href', '/en/dashboard');
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('marks neither header link as current on other pages', async () => {
    renderApp('/en/sandbox');
    await screen.findByRole('heading', { level: 1, name: 'Sandbox tools' });
    expect(screen.getByRole('link', { name: 'Buy crypto' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Causeway' })).not.toHaveAttribute('aria-current');
  });

  it('marks the buy link as the current page on /buy-crypto', async () => {
    renderApp('/en/buy-crypto');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Buy crypto' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Causeway' })).not.toHaveAttribute('aria-current');
  });

  it('marks the brand (home) link as the current page on /dashboard', async () => {
    renderApp('/en/dashboard');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Causeway' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Buy crypto' })).not.toHaveAttribute('aria-current');
  });

  it('gives business-account-form a simple header without navigation', async () => {
    renderApp('/en/business-account-form');
    await screen.findByRole('heading', { level: 1 });
    const header = pageHeader();
    expect(within(header).getByText('Causeway')).toBeInTheDocument();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Dark mode' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy crypto' })).not.toBeInTheDocument();
  });

  it('puts corporation-portal pages in the business portal', async () => {
    renderApp('/en/corporation-portal/home');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('navigation', { name: 'Business portal menu' })).toBeInTheDocument();
    expect(within(pageHeader()).getByText('Business portal')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
