import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError } from '@/test/routed-http-client';
import { FIND, openConsole } from '../merchant-console-test-kit';

const URL_OF_ENDPOINT = 'https://shop.example.com/webhooks';

describe('merchant-console webhooks', { timeout: 20_000 }, () => {
  it('Add endpoint shows its signing secret once', async () => {
    const { user, bodiesOf } = openConsole({ url: '/en/merchant-console/webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByRole('textbox', { name: 'Endpoint URL' }), 'https://shop.example.com/hooks');
    await user.type(within(form).getByRole('textbox', { name: 'Description (optional)' }), 'Refunds');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: "Your endpoint's signing secret" }, FIND);
    expect(dialog).toHaveAccessibleDescription('This secret is shown once. Verify each webhook with this secret (Standard Webhooks).');
    expect(dialog).toHaveTextContent('whsec_newendpointsecret');
    expect(bodiesOf(PATHS.merchantConsoleEndpointCreate)).toEqual([
      { merchantId: 'mch_sandboxdemo', url: 'https://shop.example.com/hooks', description: 'Refunds' },
    ]);
    expect(screen.queryByRole('form', { name: 'Add a webhook endpoint' })).toBeNull();
  });

  it("says a refused URL (MWH0000001) under the field, in the page's words", async () => {
    const { user } = openConsole({
      url: '/en/merchant-console/webhooks',
      routes: {
        [PATHS.merchantConsoleEndpointCreate]: () => {
          throw businessError(PATHS.merchantConsoleEndpointCreate, 'MWH0000001', 'the endpoint URL must be https');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const field = screen.getByRole('textbox', { name: 'Endpoint URL' });
    await user.type(field, 'http://shop.example.com/hooks');
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('This URL cannot receive webhooks')));
  });

  it('the switch turns an endpoint off', async () => {
    const { user, bodiesOf } = openConsole({ url: '/en/merchant-console/webhooks' });
    const toggle = await screen.findByRole('switch', { name: `${URL_OF_ENDPOINT} receives events` });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(bodiesOf(PATHS.merchantConsoleEndpointEnable)).toEqual([{ merchantId: 'mch_sandboxdemo', endpointId: 'whe_1', enabled: false }]);
  });

  it('Send test event and Replay name the endpoint and the message, and read the log again', async () => {
    const { user, bodiesOf, queriesOf } = openConsole({ url: '/en/merchant-console/webhooks' });
    await user.click(await screen.findByRole('button', { name: `Send a test event to ${URL_OF_ENDPOINT}` }));
    expect(bodiesOf(PATHS.merchantConsoleEndpointTest)).toEqual([{ merchantId: 'mch_sandboxdemo', endpointId: 'whe_1' }]);

    // The log opens after a test, with each attempt.
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    const entry = (await within(log).findByText('order.updated', {}, FIND)).closest('li')!;
    expect(entry).toHaveTextContent('Failed');
    expect(within(entry).getByRole('list', { name: 'Attempts' })).toHaveTextContent(/HTTP 500120 ms/);
    const readsBefore = queriesOf(PATHS.merchantConsoleDeliveries).length;

    await user.click(within(log).getByRole('button', { name: 'Replay order.updated (message msg_1)' }));
    expect(bodiesOf(PATHS.merchantConsoleReplay)).toEqual([{ merchantId: 'mch_sandboxdemo', messageId: 'msg_1', endpointId: 'whe_1' }]);
    await waitFor(() => expect(queriesOf(PATHS.merchantConsoleDeliveries).length).toBeGreaterThan(readsBefore));

    const readsAfterReplay = queriesOf(PATHS.merchantConsoleDeliveries).length;
    await user.click(within(log).getByRole('button', { name: `Refresh the delivery log of ${URL_OF_ENDPOINT}` }));
    await waitFor(() => expect(queriesOf(PATHS.merchantConsoleDeliveries)).toHaveLength(readsAfterReplay + 1));
    expect(queriesOf(PATHS.merchantConsoleDeliveries).at(-1)).toEqual({ merchantId: 'mch_sandboxdemo', endpointId: 'whe_1' });
  });
});
