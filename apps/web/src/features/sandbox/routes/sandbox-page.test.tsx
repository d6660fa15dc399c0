import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { HEALTHY, routedHttpClient } from '@/test/routed-http-client';
import { SANDBOX_TOOLS } from '../sandbox-tools';
import { SandboxPage } from './sandbox-page';

const openWith = (answer: () => unknown = () => HEALTHY) => {
  const fake = routedHttpClient({ [PATHS.health]: answer });
  const view = renderPage(<SandboxPage />, { path: '/:lng/sandbox', url: '/en/sandbox', client: fake.client });
  return { ...view, calls: fake.calls };
};

const statusSection = () => screen.getByRole('region', { name: 'Server status' });

describe('sandbox page', () => {
  it('introduces the sandbox', () => {
    openWith();
    expect(screen.getByRole('heading', { level: 1, name: 'Sandbox tools' })).toBeInTheDocument();
    expect(screen.getByText(/no real money, cards or identities are involved/)).toBeInTheDocument();
  });

  it('asks the server for its health, silently, and shows the version and database kind', async () => {
    const { calls } = openWith();
    expect(within(statusSection()).getByRole('status')).toHaveTextContent('Loading…');

    expect(await screen.findByTestId('database-kind')).toHaveTextContent('Embedded PGlite 17.4');
    expect(within(statusSection()).getByText('1.2.3')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: PATHS.health, body: undefined, options: { silent: true } }]);
  });

  it('names a PostgreSQL database', async () => {
    openWith(() => Promise.resolve({ ...HEALTHY, database: { kind: 'postgres', version: '16.3', reachable: true } }));
    expect(await screen.findByTestId('database-kind')).toHaveTextContent('PostgreSQL 16.3');
  });

  it('says so when the server does not answer', async () => {
    openWith(() => Promise.reject(new Error('Network error')));
    expect(await within(statusSection()).findByText('The server did not answer. Is it running?')).toBeInTheDocument();
    expect(screen.queryByTestId('database-kind')).not.toBeInTheDocument();
  });

  it('lists every tool as a link with its description', () => {
    openWith();
    const tools = screen.getByRole('region', { name: 'Tools' });
    const expected = [
      ['API reference', '/prod-api/docs', "Every call, generated from the server's schemas"],
      ['OpenAPI document', '/prod-api/docs/json', 'The same reference as JSON, for code generators'],
      ['Health check', '/prod-api/health', 'Status, database kind and version'],
      ['Asset catalogue', '/prod-api/capi/v1/customer/order/list-currency', 'Fiat and crypto currencies with networks and decimals'],
      ['Countries', '/prod-api/capi/v1/customer/kyc/list-country-code', 'Every country with its flag, in English and Chinese'],
    ];
    expect(SANDBOX_TOOLS).toHaveLength(expected.length);
    const items = within(tools).getAllByRole('listitem');
    expect(items).toHaveLength(expected.length);
    items.forEach((item, index) => {
      const [name, href, description] = expected[index]!;
      expect(within(item).getByRole('link', { name })).toHaveAttribute('href', href);
      expect(item).toHaveTextContent(description!);
    });
  });
});
