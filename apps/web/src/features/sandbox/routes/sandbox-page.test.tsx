import { type Health, PATHS } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { HEALTHY, routedHttpClient } from '@/test/routed-http-client';
import { BUY_TEST_CARDS, PAYOUT_TEST_CARDS } from '../sandbox-test-data';
import { API_TOOLS } from '../sandbox-tools';
import { SandboxPage } from './sandbox-page';

const openWith = (answer: () => unknown = () => HEALTHY, url = '/en/sandbox') => {
  const fake = routedHttpClient({ [PATHS.health]: answer });
  const view = renderPage(<SandboxPage />, { path: '/:lng/sandbox', url, client: fake.client });
  return { ...view, calls: fake.calls };
};
const withTools = (sandboxTools: Health['sandboxTools']) => () => ({ ...HEALTHY, sandboxTools });

const heading = () => screen.findByRole('heading', { level: 1, name: 'Sandbox tools' });
const region = (name: string) => screen.getByRole('region', { name });

describe('sandbox page', () => {
  it('says it is checking what the install offers, then introduces the sandbox', async () => {
    openWith();
    expect(screen.getByRole('status')).toHaveTextContent('Checking what this install offers');
    expect(await heading()).toBeInTheDocument();
    expect(screen.getByText(/no real money, cards or identities are involved/)).toBeInTheDocument();
  });

  it('asks the server for its health, silently, and shows the version and database kind', async () => {
    const { calls } = openWith();
    expect(await screen.findByTestId('database-kind')).toHaveTextContent('Embedded PGlite 17.4');
    expect(within(region('Server status')).getByText('1.2.3')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: PATHS.health, body: undefined, options: { silent: true } }]);
  });

  it('names a PostgreSQL database', async () => {
    openWith(() => Promise.resolve({ ...HEALTHY, database: { kind: 'postgres', version: '16.3', reachable: true } }));
    expect(await screen.findByTestId('database-kind')).toHaveTextContent('PostgreSQL 16.3');
  });

  it('says so when the server does not answer, and asks again on Try again', async () => {
    let answer: () => unknown = () => Promise.reject(new Error('Network error'));
    const { calls } = openWith(() => answer());
    expect(await screen.findByText('The server did not answer. Is it running?')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Test cards' })).not.toBeInTheDocument();
    answer = () => HEALTHY;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('database-kind')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('links every sandbox tool the server offers, then the API reference pages, each with its description', async () => {
    openWith();
    await heading();
    const expected = [
      ['Mailbox', '/sandbox/mailbox', 'Every email the install sent'],
      ['Ledger', '/sandbox/ledger', 'The trial balance'],
      ['Chain', '/sandbox/chain', 'Send crypto to a deposit address'],
      ['Help desk', '/sandbox/help-desk', 'The support and feedback requests sent'],
      ['Help centre', '/help-centre/en-us', 'The built-in help articles'],
      ['Orders awaiting an operator', '/operator/orders-awaiting-review', 'Payouts past their deadline'],
      ['API reference', '/prod-api/docs', "Every call, generated from the server's schemas"],
      ['OpenAPI document', '/prod-api/docs/json', 'The same reference as JSON, for code generators'],
      ['Health check', '/prod-api/health', 'Status, database kind and version'],
      ['Asset catalogue', '/prod-api/capi/v1/customer/order/list-currency', 'Fiat and crypto currencies with networks and decimals'],
      ['Countries', '/prod-api/capi/v1/customer/kyc/list-country-code', 'Every country with its flag, in English and Chinese'],
    ];
    expect(API_TOOLS).toHaveLength(5);
    const items = within(region('Tools')).getAllByRole('listitem');
    expect(items).toHaveLength(expected.length);
    items.forEach((item, index) => {
      const [name, href, description] = expected[index]!;
      expect(within(item).getByRole('link', { name })).toHaveAttribute('href', href);
      expect(item).toHaveTextContent(description!);
    });
  });

  it('links only the tools this install registered', async () => {
    openWith(withTools(['mailbox', 'helpCentre']));
    await heading();
    const links = within(region('Tools')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Mailbox', 'Help centre', ...API_TOOLS.map(() => expect.any(String))]);
    expect(screen.queryByRole('link', { name: 'Ledger' })).not.toBeInTheDocument();
  });

  it('says which sandbox pages the checkout opens itself, without links', async () => {
    openWith();
    await heading();
    const flows = region('Opened by the checkout');
    expect(
      within(flows)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Card fields/),
      expect.stringMatching(/^3-D Secure: Complete or Fail, after paying with 4000 0000 0000 3220/),
      expect.stringMatching(/^Identity verification/),
      expect.stringMatching(/^Klarna/),
    ]);
    expect(within(flows).queryByRole('link')).not.toBeInTheDocument();
  });

  it('lists the test cards: what paying for a buy with each does, and what a payout to each does', async () => {
    openWith();
    await heading();
    const cards = region('Test cards');
    const [buy, payout] = within(cards).getAllByRole('table');
    expect(buy).toHaveAccessibleName('Paying for a buy');
    expect(payout).toHaveAccessibleName('Paid out to, when selling');
    const rowsOf = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rowsOf(buy!)).toEqual([
      ['4242 4242 4242 4242VISA', 'Authorised, no 3-D Secure'],
      ['5555 5555 5555 4444MASTER', 'Authorised, no 3-D Secure'],
      ['4000 0000 0000 3220VISA', '3-D Secure challenge: Complete or Fail (it expires after 15 minutes)'],
      ['4000 0000 0000 0002VISA', 'Declined'],
      ['4000 0000 0000 9995VISA', 'Declined: insufficient funds'],
      ['4000 0000 0000 0119VISA', 'The processor does not answer (a timeout)'],
      ['5200 0000 0000 0007MASTER', 'Partial authorisation, voided'],
      ['4000 0000 0000 0259VISA', 'Authorised, then disputed (a chargeback) once it is taken'],
    ]);
    expect(rowsOf(payout!)).toHaveLength(PAYOUT_TEST_CARDS.length);
    expect(rowsOf(payout!)[0]).toEqual(['4000 0000 0000 0077VISA', 'Stays pending for a while (2 minutes by default), then paid']);
    expect(BUY_TEST_CARDS).toHaveLength(8);
    expect(cards).toHaveTextContent('Every other card is paid, 3 seconds after the payout.');
  });

  it('names the demo accounts, their password and the demo merchant', async () => {
    openWith();
    await heading();
    const accounts = region('Demo accounts');
    expect(accounts).toHaveTextContent('demo@causeway.test');
    expect(accounts).toHaveTextContent('Password Causeway-demo-2026!');
    expect(accounts).toHaveTextContent('business@causeway.test');
    expect(accounts).toHaveTextContent('API key pk_sandbox_demo, secret sk_sandbox_demo');
    expect(accounts).toHaveTextContent('merchant code demo-merchant');
  });

  it('is not there on an install without sandbox tools: no cards, no accounts, a way to the start page', async () => {
    openWith(withTools([]));
    expect(await screen.findByRole('heading', { level: 1, name: 'No sandbox here' })).toBeInTheDocument();
    expect(screen.queryByText(/4242/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Causeway-demo-2026!/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/en');
  });

  it('speaks Chinese on /zh/sandbox, the help centre in Chinese too', async () => {
    const { i18n } = openWith(undefined, '/zh/sandbox');
    await heading();
    await act(async () => {
      i18n.addResourceBundle('zh', 'translation', bundledTranslations.zh);
      await i18n.changeLanguage('zh');
    });
    expect(screen.getByRole('heading', { level: 1, name: '沙盒工具' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', '/help-centre/zh-cn');
    expect(screen.getByRole('table', { name: '购买时付款' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '演示账户' })).toHaveTextContent('密码 Causeway-demo-2026!');
  });
});
