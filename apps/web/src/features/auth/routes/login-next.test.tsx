import { PATHS } from '@causeway/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { BUY_TARGET_STORAGE_KEY } from '@/lib/buy-after-verification';
import { storage } from '@/lib/storage';
import { accountOverview } from '@/test/account-overview';
import { IndividualLoginPage } from './login-page';
import { landedOn, loginResult, openLogin, submitEmail, submitPassword } from './login-test-kit';

/** The start page's Continue: sign in, then the card trade page with the buy chosen. */
const BUY = 'card-buy-sell?fiatCurrency=EUR&cryptoCurrency=BTC&network=BTC&fiatAmount=100';

const open = (next: string, overview = accountOverview()) =>
  openLogin(<IndividualLoginPage />, {
    path: '/:lng/login-v2',
    url: `/en/login-v2?next=${encodeURIComponent(next)}`,
    routes: { [PATHS.passwordLogin]: () => loginResult(), [PATHS.overview]: () => overview },
  });

afterEach(() => storage.removeItem(BUY_TARGET_STORAGE_KEY));

describe('signing in with next= (the start page)', () => {
  it('goes on to the trade page it names, with the choices', async () => {
    const { user } = open(BUY);
    await submitEmail(user);
    await submitPassword(user);
    expect(await landedOn()).toBe(`/en/${BUY}`);
    expect(storage.getItem(BUY_TARGET_STORAGE_KEY)).toBeUndefined();
  });

  it('sends a person who must verify first to verify, and remembers the buy for after', async () => {
    const { user } = open(BUY, accountOverview({}, { kycStatus: 'Initial' }));
    await submitEmail(user);
    await submitPassword(user);
    expect(await landedOn()).toBe('/en/account-status');
    expect(storage.getItem(BUY_TARGET_STORAGE_KEY)).toBe(BUY);
  });

  it('ignores a next that is not a trade page', async () => {
    const { user } = open('settings?x=1');
    await submitEmail(user);
    await submitPassword(user);
    expect(await landedOn()).toBe('/en/dashboard');
  });
});
