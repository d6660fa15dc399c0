import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { currentLanguage, currentMode, isOnLoginPage } from './current-mode';

const visit = (path: string) => window.history.replaceState(null, '', path);

afterEach(() => visit('/'));

describe('current mode', () => {
  it('is individual when neither the path nor storage names one', () => {
    visit('/en/sandbox');
    expect(currentMode()).toBe('individual');
  });

  it('takes the mode from a sign-in path and remembers it for the pages after it', () => {
    visit('/zh/business-login-independent');
    expect(currentMode()).toBe('businessIndependent');
    expect(storage.getItem(MODE_STORAGE_KEY)).toBe('businessIndependent');

    visit('/zh/corporation-portal/home');
    expect(currentMode()).toBe('businessIndependent');
  });

  it('a later sign-in page replaces the remembered mode', () => {
    storage.setItem(MODE_STORAGE_KEY, 'business');
    visit('/en/login-independent');
    expect(currentMode()).toBe('independent');
    visit('/en/dashboard');
    expect(currentMode()).toBe('independent');
  });

  it('knows the sign-in pages, with or without a locale', () => {
    visit('/en/login-v2');
    expect(isOnLoginPage()).toBe(true);
    visit('/business-login');
    expect(isOnLoginPage()).toBe(true);
    visit('/en/dashboard');
    expect(isOnLoginPage()).toBe(false);
  });

  it('reads the locale segment of the URL, en when there is none or it is unsupported', () => {
    visit('/zh/sandbox');
    expect(currentLanguage()).toBe('zh');
    visit('/en/sandbox');
    expect(currentLanguage()).toBe('en');
    visit('/fr/sandbox');
    expect(currentLanguage()).toBe('en');
    visit('/');
    expect(currentLanguage()).toBe('en');
  });
});
