import { PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { isLoginPath, layoutFor } from './route-rules';
import { PAGE_ROUTES } from './route-table';

afterEach(() => sessionStorage.clear());

describe('oauth-callback in the app (docs/rules/screens.md)', () => {
  it('is a sign-in page without chrome, loaded through the sign-in pages’ module', async () => {
    expect(layoutFor('/oauth-callback')).toBe('bare');
    expect(isLoginPath('/oauth-callback')).toBe(true);
    const route = PAGE_ROUTES.find((entry) => entry.path === 'oauth-callback');
    const Page = (await route!.load()).default;
    const fake = routedHttpClient();
    // The app's LocaleRoot holds every page in a Suspense: the callback page arrives lazily through the sign-in module.
    renderPage(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
      { path: '/:lng/oauth-callback', url: '/en/oauth-callback?code=c&state=s', client: fake.client },
    );
    // No sign-in started in this tab: it says so, and sends nothing.
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in was not started in this browser tab.');
    expect(fake.calls.filter((call) => call.path === PATHS.oauthLoginWithBinance)).toEqual([]);
  });
});
