import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { ServicesUnavailablePage } from './services-unavailable-page';

const openAt = (url: string) => renderPage(<ServicesUnavailablePage />, { path: '/:lng/services-unavailable', url });

const CONTENT = {
  individual: 'Our service is not available right now. Please try again in a few minutes.',
  independent: 'Buying through this merchant is not available right now. Please try again later or return to the merchant.',
  business: 'The business portal is not available right now. Please try again in a few minutes.',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('services-unavailable page', () => {
  it.each([
    ['individual', 'mode=individual&business=false&independent=false', CONTENT.individual],
    ['independent', 'mode=independent&business=false&independent=true', CONTENT.independent],
    ['business', 'mode=business&business=true&independent=false', CONTENT.business],
    ['businessIndependent', 'mode=businessIndependent&business=true&independent=true', CONTENT.business],
  ])('%s mode: shows the text for its audience', (_mode, query, content) => {
    openAt(`/en/services-unavailable?code=10000047&${query}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Service unavailable' })).toBeInTheDocument();
    expect(screen.getByText(content)).toBeInTheDocument();
    for (const other of Object.values(CONTENT).filter((text) => text !== content)) {
      expect(screen.queryByText(other)).not.toBeInTheDocument();
    }
  });

  it('shows the individual text when no flags are given (GAT9000001)', () => {
    openAt('/en/services-unavailable?code=GAT9000001');
    expect(screen.getByText(CONTENT.individual)).toBeInTheDocument();
  });

  it('shows the code when there is one, and no code line otherwise', () => {
    const view = openAt('/en/services-unavailable?code=10000047');
    expect(screen.getByText('Code 10000047')).toBeInTheDocument();
    view.unmount();

    openAt('/en/services-unavailable');
    expect(screen.queryByText(/^Code /)).not.toBeInTheDocument();
  });

  it.each([
    ['individual', '/zh/login-v2'],
    ['independent', '/zh/login-independent'],
    ['business', '/zh/business-login'],
    ['businessIndependent', '/zh/business-login-independent'],
    ['nonsense', '/zh/login-v2'],
  ])('mode %s links back to its sign-in page, in the page locale', (mode, href) => {
    openAt(`/zh/services-unavailable?code=10000047&mode=${mode}`);
    const link = screen.getByRole('link', { name: 'Back to sign in' });
    expect(link).toHaveAttribute('href', href);

    fireEvent.click(link);
    expect(screen.getByTestId('elsewhere')).toHaveTextContent(href);
  });

  it('links to the individual sign-in page when no mode is given', () => {
    openAt('/en/services-unavailable');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/en/login-v2');
  });

  it('"Try again" goes back to the page that failed', async () => {
    const { router } = openAt('/en/buy-crypto');
    await act(() => router.navigate('/en/services-unavailable?code=GAT9000001'));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/buy-crypto'));
  });

  it('"Try again" goes to the start page for someone who landed here directly', async () => {
    const { router } = openAt('/en/services-unavailable?code=GAT9000001');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });
});
