import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError } from '@/test/routed-http-client';
import { DEMO, openConsole, order, OTHER } from '../merchant-console-test-kit';

describe('merchant-console', { timeout: 20_000 }, () => {
  it('with no merchant, says so and how to get access, and asks for nothing else', async () => {
    const { calls } = openConsole({ merchants: [] });
    expect(await screen.findByRole('heading', { level: 2, name: 'You manage no merchant' })).toBeInTheDocument();
    expect(screen.getByText(/ask the merchant's owner to add you as a member/)).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual([PATHS.merchantConsoleMemberships]);
  });

  it('with one merchant, shows it without a picker and opens on its keys', async () => {
    const { queriesOf } = openConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchant console' })).toBeInTheDocument();
    expect(await screen.findByText('pk_sandbox_demo')).toBeInTheDocument();
    expect(screen.getByText('Sandbox Demo Shop')).toBeInTheDocument();
    expect(screen.getByText('Your role: Owner')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Merchant' })).toBeNull();
    expect(screen.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/en/merchant-console/orders?merchant=mch_sandboxdemo');
    expect(queriesOf(PATHS.merchantConsoleKeys)).toEqual([{ merchantId: 'mch_sandboxdemo' }]);
  });

  it('with two merchants, offers a picker whose choice is the URL', async () => {
    const { user, queriesOf, location } = openConsole({ merchants: [DEMO, OTHER], url: '/en/merchant-console/keys' });
    const picker = await screen.findByRole('combobox', { name: 'Merchant' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sandbox Demo Shop (DEMO)', 'Other Shop (OTHER)']);
    await user.selectOptions(picker, 'mch_other');
    await waitFor(() => expect(queriesOf(PATHS.merchantConsoleKeys)).toContainEqual({ merchantId: 'mch_other' }));
    expect(location()).toBe('/en/merchant-console/keys?merchant=mch_other');
    expect(screen.getByText('Your role: Developer')).toBeInTheDocument();
  });

  it('says a merchant of the URL the person does not manage, and shows theirs', async () => {
    openConsole({ url: '/en/merchant-console?merchant=mch_stranger' });
    expect(await screen.findByText('You do not manage the merchant mch_stranger. Showing Sandbox Demo Shop instead.')).toBeInTheDocument();
  });

  it('words a refusal of the console (MCN0000001) in its own words', async () => {
    openConsole({
      routes: {
        [PATHS.merchantConsoleKeys]: () => {
          throw businessError(PATHS.merchantConsoleKeys, 'MCN0000001', 'not a member');
        },
      },
    });
    expect(await screen.findByText('You do not manage this merchant. To get access, ask its owner.')).toBeInTheDocument();
  });

  it('origins: says what an origin is until the text is one, then adds it', async () => {
    const { user, bodiesOf } = openConsole({ url: '/en/merchant-console/origins' });
    const field = await screen.findByRole('textbox', { name: 'Origin' });
    await user.type(field, 'https://shop.example.com/');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('An origin is a scheme, a host and a port, like https://shop.example.com'),
    );
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    expect(bodiesOf(PATHS.merchantConsoleOriginAdd)).toEqual([]);

    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining('An origin is'));
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    expect(await screen.findByRole('button', { name: 'Remove https://shop.example.com' })).toBeInTheDocument();
    expect(bodiesOf(PATHS.merchantConsoleOriginAdd)).toEqual([{ merchantId: 'mch_sandboxdemo', origin: 'https://shop.example.com' }]);
  });

  it('orders: pages through the orders, 20 at a time, the page in the URL', async () => {
    let asked = 0;
    const view = openConsole({
      url: '/en/merchant-console/orders',
      routes: {
        [PATHS.merchantConsoleOrders]: () => {
          asked += 1;
          const first = asked === 1 ? 1 : 21;
          return { orders: Array.from({ length: asked === 1 ? 20 : 5 }, (_, n) => order(first + n)), total: 25 };
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('ord_1');
    expect(first).toHaveTextContent('tran_1');
    expect(first).toHaveTextContent('1,234.50 EUR');
    expect(first).toHaveTextContent('0.000123456789 BTC');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await view.user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem')).toHaveLength(5));
    expect(view.location()).toBe('/en/merchant-console/orders?merchant=mch_sandboxdemo&page=2');
    expect(view.queriesOf(PATHS.merchantConsoleOrders)).toEqual([
      { merchantId: 'mch_sandboxdemo', page: 1 },
      { merchantId: 'mch_sandboxdemo', page: 2 },
    ]);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
