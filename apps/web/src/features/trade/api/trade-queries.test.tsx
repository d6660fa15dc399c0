import { PATHS } from '@causeway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFiatDecimals } from '@/lib/fiat-decimals';
import { HttpClientProvider } from '@/lib/http-context';
import { useNetworkName } from '@/lib/network-names';
import { routedHttpClient } from '@/test/routed-http-client';
import { CURRENCIES } from '../trade-test-kit';
import { useCurrencies } from './trade-queries';

/** What the trade page and the order pages read from the catalogue, side by side in one app. */
function CatalogueReaders() {
  const currencies = useCurrencies();
  const fiatDecimals = useFiatDecimals();
  const networkName = useNetworkName();
  if (!currencies.data) return null;
  return <p>{`${currencies.data.length} currencies, EUR ${fiatDecimals('EUR')}, ${networkName('USDT', 'TRX')}`}</p>;
}

describe('the currency catalogue', () => {
  it('is one list-currency call for the trade page and the order pages (one query, so a page that has it never asks again)', async () => {
    const fake = routedHttpClient({ [PATHS.listCurrency]: () => CURRENCIES });
    render(
      <HttpClientProvider client={fake.client}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CatalogueReaders />
        </QueryClientProvider>
      </HttpClientProvider>,
    );
    expect(await screen.findByText('5 currencies, EUR 2, Tron (TRC-20)')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.path === PATHS.listCurrency)).toHaveLength(1);
  });
});
