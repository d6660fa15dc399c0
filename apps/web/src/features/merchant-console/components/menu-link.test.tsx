import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { DEMO } from '../merchant-console-test-kit';
import MerchantConsoleMenuLink from './menu-link';

function openLink(answer: () => unknown) {
  const onOpen = vi.fn();
  const http = routedHttpClient({ [PATHS.merchantConsoleMemberships]: answer });
  const view = renderPage(<MerchantConsoleMenuLink lng="en" className="item" onOpen={onOpen} />, {
    path: '/:lng/settings',
    url: '/en/settings',
    client: http.client,
  });
  return { ...view, ...http, onOpen };
}

describe('the user menu link to the merchant console', () => {
  it('shows for a person who manages a merchant, asking silently', async () => {
    const { calls, onOpen } = openLink(() => ({ merchants: [DEMO] }));
    const link = await screen.findByRole('link', { name: 'Merchant console' });
    expect(link).toHaveAttribute('href', '/en/merchant-console');
    expect(calls.map((call) => call.options)).toEqual([{ silent: true }]);
    await userEvent.setup().click(link);
    expect(onOpen).toHaveBeenCalled();
  });

  it('stays out for a person who manages none, and when the question fails', async () => {
    const none = openLink(() => ({ merchants: [] }));
    await waitFor(() => expect(none.calls).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();
    none.unmount();

    const failing = openLink(() => {
      throw new Error('offline');
    });
    await waitFor(() => expect(failing.calls).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
