import { type CountryItem, PATHS } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { RemediationPage } from './remediation-page';

const COUNTRIES: CountryItem[] = [{ towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' }];
const BASIC = {
  firstName: 'Ann', lastName: 'Berg', dob: '1990-04-01', nationality: 'DE', residentCountry: 'DE',
  address: { addressLine: 'Hauptstraße 5', city: 'Köln', postalCode: '50667', country: 'DE' }, kycStatus: 'Pass', kycLevel: 1,
};

function open(remediationStatus: 'Pop' | 'Closed' | null, routes: Record<string, Responder> = {}) {
  const fake = routedHttpClient({
    [PATHS.overview]: () => accountOverview({}, { kycStatus: 'Pass', remediationStatus }),
    [PATHS.kycBasicInfo]: () => BASIC,
    [PATHS.listCountryCode]: () => COUNTRIES,
    [PATHS.closeRemediation]: () => null,
    ...routes,
  });
  renderPage(<RemediationPage />, { path: '/:lng/remediation', url: '/en/remediation', client: fake.client });
  return { ...fake, user: userEvent.setup() };
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
    const { user } = open('Pop', { [PATHS.kycUpdateAddress]: (body) => { sent.push(body); return { required: false, address: body }; } });
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
});
