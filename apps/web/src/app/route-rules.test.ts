import { describe, expect, it } from 'vitest';
import {
  canRedirectToRemediation,
  flowTypeFromPath,
  headerFlags,
  isNoLoginPath,
  isUkLayoutExempt,
  layoutFor,
  localeAliasOf,
  LOGIN_ROUTE_BY_MODE,
} from './route-rules';
import { stripLocale } from '@/lib/locale-path';

describe('route rules of docs/rules/screens.md', () => {
  it.each([
    ['/login-independent', 'independent'],
    ['/business-login-independent', 'businessIndependent'],
    ['/reset-pwd', 'businessIndependent'],
    ['/business-login', 'business'],
    ['/login-v2', 'individual'],
    ['/skip-login', 'independent'],
    ['/login-v3', 'independent'],
    ['/dashboard', undefined],
  ])('flow type of %s is %s', (path, expected) => {
    expect(flowTypeFromPath(path)).toBe(expected);
  });

  it('strips a supported locale only', () => {
    expect(stripLocale('/zh/login-v2')).toBe('/login-v2');
    expect(stripLocale('/fr/login-v2')).toBe('/fr/login-v2');
    expect(stripLocale('/en')).toBe('/');
  });

  it('knows the no-login routes, which show no chrome', () => {
    for (const path of ['/login-v2', '/3ds', '/services-unavailable', '/user-blocked', '/account-unsupport-roma', '/history-webview']) {
      expect(isNoLoginPath(path)).toBe(true);
      expect(layoutFor(path)).toBe('bare');
    }
    for (const path of ['/dashboard', '/history', '/settings', '/sandbox']) expect(isNoLoginPath(path)).toBe(false);
  });

  it('exempts iframe-loading paths from the UK layout', () => {
    expect(isUkLayoutExempt('/buy/iframe-loading')).toBe(true);
    expect(isUkLayoutExempt('/buy-crypto')).toBe(false);
  });

  it('never redirects remediation to remediation', () => {
    expect(canRedirectToRemediation('/remediation')).toBe(false);
    expect(canRedirectToRemediation('/dashboard')).toBe(true);
  });

  it('sets the home flag for /dashboard and the buy flag for buy pages', () => {
    expect(headerFlags('/dashboard')).toEqual({ home: true, buy: false });
    for (const path of ['/buy-crypto', '/sendto-confirm', '/result']) expect(headerFlags(path)).toEqual({ home: false, buy: true });
    expect(headerFlags('/history')).toEqual({ home: false, buy: false });
  });

  it('uses the business layout for the portal and a simple header for the business form', () => {
    expect(layoutFor('/corporation-portal/home')).toBe('business');
    expect(layoutFor('/corporation-portal/transaction')).toBe('business');
    expect(layoutFor('/business-account-form')).toBe('simpleHeader');
    expect(layoutFor('/business-status')).toBe('simpleHeader');
    expect(layoutFor('/account-linking-failed')).toBe('bare');
    expect(layoutFor('/account-linking-success')).toBe('bare');
    // The operator's desk has its own frame and sign-in.
    expect(layoutFor('/desk/people')).toBe('bare');
    expect(layoutFor('/dashboard')).toBe('main');
  });

  it('names a login page per mode', () => {
    expect(LOGIN_ROUTE_BY_MODE).toEqual({
      individual: 'login-v2',
      independent: 'login-independent',
      business: 'business-login',
      businessIndependent: 'business-login-independent',
    });
  });
});

describe('localeAliasOf: a supported language by another of its tags (issue 14)', () => {
  it.each([
    ['/zh-CN/login-v2', { language: 'zh', rest: '/login-v2' }],
    ['/zh-cn/history', { language: 'zh', rest: '/history' }],
    ['/zh-Hans-CN', { language: 'zh', rest: '/' }],
    ['/EN/corporation-portal/setting', { language: 'en', rest: '/corporation-portal/setting' }],
    ['/en-GB/', { language: 'en', rest: '/' }],
  ])('%s → %o', (path, expected) => {
    expect(localeAliasOf(path)).toEqual(expected);
  });

  it.each(['/zh/login-v2', '/en', '/login-v2', '/fr-FR/login-v2', '/', ''])('%s has none', (path) => {
    expect(localeAliasOf(path)).toBeUndefined();
  });
});
