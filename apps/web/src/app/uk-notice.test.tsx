import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, routedHttpClient } from '@/test/routed-http-client';
import UkNotice from './uk-notice';

const NOTICE = { name: 'Notice for people in the UK' };
const TEXT = /You could lose all the money you put in/;

/** The notice on a page at `url`, the server answering the IP check and, signed in, the account info. */
function open({ url = '/en/buy-crypto', isUk = false, signedIn = false, ukFlag = false } = {}) {
  const fake = routedHttpClient({
    [PATHS.ipCheck]: () => ({ ipCountry: isUk ? 'GB' : 'DE', isUk, blocked: false }),
    [PATHS.checkLoginStatus]: () => ({
      isLogin: signedIn,
      email: signedIn ? 'ann@example.com' : null,
      userType: signedIn ? 'Individual' : null,
      mode: signedIn ? 'individual' : null,
      targetEntityTag: null,
    }),
    [PATHS.overview]: () => accountOverview({ ukFlag }, { residentCountry: ukFlag ? 'GB' : 'DE' }),
  });
  renderPage(
    <main>
      <UkNotice />
      <h1>Page</h1>
    </main>,
    { path: '/:lng/*', url, client: fake.client },
  );
  return fake;
}

const settled = async (fake: ReturnType<typeof routedHttpClient>, path: string) => {
  await screen.findByRole('heading', { name: 'Page' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fake.calls.filter((call) => call.path === path);
};

describe('the UK layout (UK notice)', () => {
  it('shows the risk notice to a visitor whose address is in the UK, signed in or not', async () => {
    open({ isUk: true });
    const notice = await screen.findByRole('complementary', NOTICE);
    expect(notice).toHaveTextContent('Crypto-assets are high-risk.');
    expect(notice).toHaveTextContent(TEXT);
  });

  it('shows it to a UK resident (ukFlag) from any address', async () => {
    open({ signedIn: true, ukFlag: true });
    expect(await screen.findByRole('complementary', NOTICE)).toHaveTextContent(TEXT);
  });

  it('shows nothing to others', async () => {
    const fake = open({ signedIn: true, ukFlag: false });
    expect(await settled(fake, PATHS.overview)).toHaveLength(1);
    expect(screen.queryByRole('complementary', NOTICE)).not.toBeInTheDocument();
  });

  it('exempts a path with iframe-loading: no notice, and nothing asked', async () => {
    const fake = open({ url: '/en/buy/iframe-loading', isUk: true, signedIn: true, ukFlag: true });
    expect(await settled(fake, PATHS.ipCheck)).toEqual([]);
    expect(fake.calls.filter((call) => call.path === PATHS.overview)).toEqual([]);
    expect(screen.queryByRole('complementary', NOTICE)).not.toBeInTheDocument();
  });

  it('stays quiet when the IP check fails', async () => {
    const fake = routedHttpClient({
      [PATHS.ipCheck]: () => {
        throw businessError(PATHS.ipCheck, '999999');
      },
      [PATHS.checkLoginStatus]: () => ({ isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null }),
    });
    renderPage(
      <main>
        <UkNotice />
        <h1>Page</h1>
      </main>,
      { path: '/:lng/*', url: '/en/dashboard', client: fake.client },
    );
    expect(await settled(fake, PATHS.ipCheck)).toHaveLength(1);
    expect(screen.queryByRole('complementary', NOTICE)).not.toBeInTheDocument();
  });
});
