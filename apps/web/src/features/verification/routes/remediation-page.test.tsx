import { type CountryItem, PATHS } from '@causeway/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http-errors';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { RemediationPage } from './remediation-page';

const COUNTRIES: CountryItem[] = [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }];
const BASIC = {
  firstName: 'Ann',
  lastName: 'Berg',
  dob: '1990-04-01',
  nationality: 'DE',
  residentCountry: 'DE',
  address: { addressLine: 'Hauptstraße 5', city: 'Köln', postalCode: '50667', country: 'DE' },
  kycStatus: 'Pass',
  kycLevel: 1,
};

function open(remediationStatus: 'Pop' | 'Closed' | null, routes: Record<string, Responder> = {}) {
  const fake = routedHttpClient({
    [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Pass', remediationStatus }),
    [PATHS.kycBasicInfo]: () => BASIC,
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.closeRemediation]: () => null,
    ...routes,
  });
  const view = renderPage(<RemediationPage />, { path: '/:lng/remediation', url: '/en/remediation', client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

describe('remediation page', () => {
  it('shows what verification recorded and closes the remediation on confirmation', async () => {
    const { user, calls } = open('Pop');
    expect(await screen.findByRole('heading', { name: 'Please confirm your details' })).toBeInTheDocument();
    expect(screen.getByText('Ann Berg')).toBeInTheDocument();
    expect(screen.getByText('Hauptstraße 5, 50667 Köln, Germany')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /These are correct/ }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/en/settings');
    expect(calls.filter((c) => c.path === PATHS.closeRemediation)).toHaveLength(1);
  });

  it('lets the person change the address first', async () => {
    const sent: unknown[] = [];
    const { user } = open('Pop', {
      [PATHS.kycUpdateAddress]: (body) => {
        sent.push(body);
        return { required: false, address: body };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'My address changed' }));
    await user.type(screen.getByLabelText('Street and number'), 'Ring 1');
    await user.type(screen.getByLabelText('City', { exact: true }), 'Bonn');
    await user.type(screen.getByLabelText('Postal code'), '53111');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(sent).toEqual([{ addressLine: 'Ring 1', city: 'Bonn', postalCode: '53111', country: 'DE' }]);
    expect(await screen.findByRole('button', { name: /These are correct/ })).toBeInTheDocument();
  });

  it('sends a person with no remediation due to account-status', async () => {
    open('Closed');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/en/account-status');
  });

  it('names the countries in the page language', async () => {
    const { i18n } = open('Pop');
    expect(await screen.findByText('Hauptstraße 5, 50667 Köln, Germany')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    expect(screen.getByText('Hauptstraße 5, 50667 Köln, 德国')).toBeInTheDocument();
    expect(screen.getAllByText('德国')).toHaveLength(2);
    expect(screen.queryByText('Germany')).not.toBeInTheDocument();
  });

  it('shows the codes when the countries cannot be read, and still works', async () => {
    open('Pop', { [PATHS.listCountryCode]: () => Promise.reject(businessError(PATHS.listCountryCode, '999999')) });
    expect(await screen.findByText('Hauptstraße 5, 50667 Köln, DE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /These are correct/ })).toBeInTheDocument();
  });

  it.each([
    ['the recorded details', PATHS.kycBasicInfo, () => BASIC],
    ['the account info', PATHS.overview, () => accountOverview({}, { kycStatus: 'Pass', remediationStatus: 'Pop' })],
  ])('when %s cannot be read: the error view instead of a spinner forever, and Try again asks again', async (_what, path, answer) => {
    let fail = true;
    const { user, calls } = open('Pop', {
      [path]: () => {
        if (fail) throw businessError(path, '999999');
        return answer();
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Please confirm your details' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === path)).toHaveLength(2);
  });

  it('a network failure says so in the error view', async () => {
    open('Pop', {
      [PATHS.kycBasicInfo]: () => Promise.reject(new ApiError({ kind: 'network', path: PATHS.kycBasicInfo, msg: 'Network error' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('No response from server, check the order at the history page')).toBeInTheDocument();
    expect(screen.queryByText('Network error')).not.toBeInTheDocument();
  });
});
