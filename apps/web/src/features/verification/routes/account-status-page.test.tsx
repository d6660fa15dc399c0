import { type AccountOverview, type CountryItem, PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { rememberMerchantPage } from '@/lib/merchant-host';
import { BUY_TARGET_STORAGE_KEY, rememberBuyTarget } from '@/lib/buy-after-verification';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { storage } from '@/lib/storage';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { AccountStatusDefaultPage, AccountStatusEntityPage, AccountStatusRomaPage } from './account-status-page';
import { spyOnHelpWindow } from '@/test/help-window-spy';

const COUNTRIES: CountryItem[] = [
  { towCharCode: 'DE', englishName: 'Germany', chineseName: '德国', flag: '🇩🇪' },
  { towCharCode: 'FR', englishName: 'France', chineseName: '法国', flag: '🇫🇷' },
];

const TITLE = {
  Initial: 'Verify your identity',
  Pending: 'We are checking your documents',
  Resubmitting: 'We need a little more',
  Fail: 'Verification failed',
  Pass: 'You are verified',
  Terminated: 'Account terminated',
};

/** Opens account-status (or a variant at its own path) with the overview answering `overview` unless `routes` say otherwise. */
function openStatus(
  overview: AccountOverview | (() => AccountOverview),
  { page = 'account-status', search = '', routes = {} }: { page?: string; search?: string; routes?: Record<string, Responder> } = {},
) {
  const fake = routedHttpClient({ [PATHS.overview]: typeof overview === 'function' ? overview : () => overview, ...routes });
  const pages: Record<string, ReactElement> = {
    'account-status': <AccountStatusDefaultPage />,
    'account-status-entity': <AccountStatusEntityPage />,
    'account-status-roma': <AccountStatusRomaPage />,
  };
  const view = renderPage(pages[page]!, { path: `/:lng/${page}`, url: `/en/${page}${search}`, client: fake.client });
  return { ...view, ...fake, user: userEvent.setup() };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;
const callsTo = (calls: Array<{ path: string }>, path: string) => calls.filter((c) => c.path === path);

describe('account-status page', () => {
  it.each([
    ['V1', '/en/sumsub'],
    ['V2', '/en/docsverification'],
  ] as const)('Initial (flow %s): explains the step and Start verification opens %s', async (kycFlowVersion, target) => {
    const { user, calls } = openStatus(accountOverview({}, { kycStatus: 'Initial', kycFlowVersion }));
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(screen.getByText(/Before your first purchase we need to know who you are/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start verification' }));
    expect(await landedOn()).toBe(target);
    expect(callsTo(calls, PATHS.overview)).toEqual([expect.objectContaining({ method: 'GET', options: { query: {}, silent: true } })]);
  });

  it('Resubmitting: Resubmit documents opens the vendor step again', async () => {
    const { user } = openStatus(accountOverview({}, { kycStatus: 'Resubmitting' }));
    expect(await heading(TITLE.Resubmitting)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resubmit documents' }));
    expect(await landedOn()).toBe('/en/sumsub');
  });

  it('Pending: shows the review under way without a button, asks the vendor (upd-kyc-status) and shows Pass when it answers Pass', async () => {
    let answer: (overview: AccountOverview) => void = () => {};
    const review = new Promise<AccountOverview>((resolve) => (answer = resolve));
    const { calls } = openStatus(accountOverview({}, { kycStatus: 'Pending' }), { routes: { [PATHS.updateKycStatus]: () => review } });
    expect(await heading(TITLE.Pending)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(TITLE.Pending);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, PATHS.updateKycStatus)).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]),
    );
    answer(accountOverview({}, { kycStatus: 'Pass' }));
    expect(await heading(TITLE.Pass)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(callsTo(calls, PATHS.updateKycStatus)).toHaveLength(1);
    expect(callsTo(calls, PATHS.overview)).toHaveLength(1);
  });

  it('Initial, back from the vendor (fromVendor=1): asks the vendor at once and shows its answer', async () => {
    const { calls } = openStatus(accountOverview({}, { kycStatus: 'Initial' }), {
      search: '?fromVendor=1',
      routes: { [PATHS.updateKycStatus]: () => accountOverview({}, { kycStatus: 'Pending' }) },
    });
    expect(await heading(TITLE.Pending)).toBeInTheDocument();
    expect(callsTo(calls, PATHS.updateKycStatus)).toEqual([expect.objectContaining({ method: 'POST' })]);
  });

  it('Initial, not back from the vendor: does not ask the vendor', async () => {
    const { calls } = openStatus(accountOverview({}, { kycStatus: 'Initial' }));
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(callsTo(calls, PATHS.updateKycStatus)).toEqual([]);
  });

  describe('final outcomes: no dead end, the support form one click away (issue 14)', () => {
    const help = spyOnHelpWindow();

    it('Fail: explains the outcome, says what happens next, and Contact support opens the support form about it', async () => {
      const { user } = openStatus(accountOverview({}, { kycStatus: 'Fail' }));
      expect(await heading(TITLE.Fail)).toBeInTheDocument();
      expect(screen.getByText(/We could not verify your identity/)).toBeInTheDocument();
      expect(
        screen.getByText('Our team looks at your case again and replies by email, usually within 1-2 working days.'),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('button')).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Contact support' }));
      expect(help.setSecondaryPage).toHaveBeenCalledWith({ type: 'support', topic: 'Identity verification failed' });
      expect(help.setOpen).toHaveBeenCalledWith(true);
    });

    it('a Terminated account shows the terminated stage (whatever its KYC) and Contact support about the closed account', async () => {
      const { user } = openStatus(accountOverview({ accountStatus: 'Terminated' }, { kycStatus: 'Pass' }));
      expect(await heading(TITLE.Terminated)).toBeInTheDocument();
      expect(screen.getByText(/This account is closed and cannot be used any more/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Contact support' }));
      expect(help.setSecondaryPage).toHaveBeenCalledWith({ type: 'support', topic: 'Account terminated' });
      expect(help.setOpen).toHaveBeenCalledWith(true);
    });

    it('on the Roma channel, where the help widget is hidden (docs/rules/README.md), offers no button that would do nothing', async () => {
      document.cookie = 'isRoma=true; path=/';
      openStatus(accountOverview({}, { kycStatus: 'Fail' }), { page: 'account-status-roma' });
      expect(await heading(TITLE.Fail)).toBeInTheDocument();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
    });
  });

  it("framed by a merchant's page the server allowed: tells it the verification stage and tier (kyc.updated)", async () => {
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(window, 'parent', { configurable: true, value: parent });
    rememberMerchantPage({ hostOrigin: 'https://shop.example.com', redirectUrl: null, merchantName: 'Shop', merchantUserId: 'cust-7' });
    try {
      openStatus(accountOverview());
      expect(await heading(TITLE.Pass)).toBeInTheDocument();
      await waitFor(() =>
        expect(parent.postMessage).toHaveBeenCalledWith(
          expect.objectContaining({
            source: 'causeway-checkout',
            type: 'kyc.updated',
            data: expect.objectContaining({ merchantUserId: 'cust-7', kycStatus: 'Pass', kycLevel: 1 }),
          }),
          'https://shop.example.com',
        ),
      );
    } finally {
      Object.defineProperty(window, 'parent', { configurable: true, value: window });
      sessionStorage.clear();
    }
  });

  it('Pass without a missing address: Continue goes to the buy page (card-buy-sell), not the settings', async () => {
    const { user, calls } = openStatus(accountOverview());
    expect(await heading(TITLE.Pass)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe('/en/card-buy-sell');
    expect(callsTo(calls, PATHS.listCountryCode)).toEqual([]);
  });

  it('Pass: Continue goes back to the trade page and query the person was sent from, once', async () => {
    rememberBuyTarget('buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC&tranId=shop-7');
    const { user } = openStatus(accountOverview());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe('/en/buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC&tranId=shop-7');
    expect(storage.getItem(BUY_TARGET_STORAGE_KEY)).toBeUndefined();
  });

  it("Pass: Continue follows a merchant's stored payment method (docs/rules/order-states.md trade routing)", async () => {
    document.cookie = 'paymentMethod=BANK_TRANSFER; path=/';
    document.cookie = 'transactionType=buy; path=/';
    const { user } = openStatus(accountOverview());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe('/en/banktransfer-buy');
  });

  it('Pass: a remembered target that is not a trade page leads to card-buy-sell', async () => {
    rememberBuyTarget('settings?x=1');
    const { user } = openStatus(accountOverview());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe('/en/card-buy-sell');
  });

  describe('Pass with the address step (currentKycStep POA)', () => {
    const needsAddress = accountOverview({}, { kycStatus: 'Pass', currentKycStep: 'POA', residentCountry: 'DE' });

    /** Opens the page with the address form; after a save the overview answers without the step. */
    async function openAddressForm(save?: Responder) {
      let saved = false;
      const opened = openStatus(() => (saved ? accountOverview() : needsAddress), {
        routes: {
          [PATHS.listCountryCode]: () => COUNTRIES,
          [PATHS.kycUpdateAddress]:
            save ??
            ((body: unknown) => {
              saved = true;
              return { required: false, address: body };
            }),
        },
      });
      expect(await screen.findByRole('heading', { level: 2, name: 'Your residential address' })).toBeInTheDocument();
      return opened;
    }

    /** Fills in a valid German address. */
    async function typeAddress(user: ReturnType<typeof userEvent.setup>, line = 'Hauptstraße 5') {
      await user.type(screen.getByLabelText('Street and number'), line);
      await user.type(screen.getByLabelText('City'), 'Berlin');
      await user.type(screen.getByLabelText('Postal code'), '10115');
    }

    it('asks for the address in the form, with the countries of list-country-code and the resident country chosen', async () => {
      const { calls } = await openAddressForm();
      expect(screen.getByRole('heading', { level: 1, name: TITLE.Pass })).toBeInTheDocument();
      expect(callsTo(calls, PATHS.listCountryCode)).toHaveLength(1);
      const country = screen.getByRole('combobox', { name: 'Country' });
      expect(country).toHaveValue('DE');
      expect(screen.getByRole('option', { name: 'France (FR)' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save address' })).toHaveAttribute('aria-disabled', 'true');
    });

    it('shows the field error for a character outside the allowed set and keeps Save inactive', async () => {
      const { user, calls } = await openAddressForm();
      await typeAddress(user, 'Hauptstraße 5 #2');
      const line = screen.getByLabelText('Street and number');
      expect(line).toHaveAttribute('aria-invalid', 'true');
      expect(line).toHaveAccessibleDescription("Use letters, digits, .,()'-+/ and spaces, at most 70 characters");
      expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
      const save = screen.getByRole('button', { name: 'Save address' });
      expect(save).toHaveAttribute('aria-disabled', 'true');
      await user.click(save);
      expect(callsTo(calls, PATHS.kycUpdateAddress)).toEqual([]);
    });

    it('saves a valid address with the fields trimmed, then reads the account info again and continues', async () => {
      const { user, calls, bodiesOf } = await openAddressForm();
      await user.type(screen.getByLabelText('Street and number'), "  Rue de l'Église 12/3  ");
      await user.type(screen.getByLabelText('City'), ' Paris ');
      await user.type(screen.getByLabelText('Postal code'), ' 75001 ');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'FR');
      const save = screen.getByRole('button', { name: 'Save address' });
      expect(save).not.toHaveAttribute('aria-disabled');
      await user.click(save);
      expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 2, name: 'Your residential address' })).not.toBeInTheDocument();
      expect(bodiesOf(PATHS.kycUpdateAddress)).toEqual([
        { addressLine: "Rue de l'Église 12/3", city: 'Paris', postalCode: '75001', country: 'FR' },
      ]);
      const paths = calls.map((c) => c.path);
      expect(paths.filter((p) => p === PATHS.overview)).toHaveLength(2);
      expect(paths.lastIndexOf(PATHS.overview)).toBeGreaterThan(paths.indexOf(PATHS.kycUpdateAddress));
    });

    it('shows the postal-code rule once a refused postal code is typed, and keeps Save inactive', async () => {
      const { user } = await openAddressForm();
      const postalCode = screen.getByLabelText('Postal code');
      expect(postalCode).not.toHaveAttribute('aria-invalid');
      await user.type(screen.getByLabelText('Street and number'), 'Hauptstraße 5');
      await user.type(screen.getByLabelText('City'), 'Berlin');
      await user.type(postalCode, '10115!');
      expect(postalCode).toHaveAttribute('aria-invalid', 'true');
      expect(postalCode).toHaveAccessibleDescription('Use 2 to 16 letters, digits, spaces and hyphens (-)');
      expect(screen.getByRole('button', { name: 'Save address' })).toHaveAttribute('aria-disabled', 'true');
      await user.clear(postalCode);
      await user.type(postalCode, '10115');
      expect(postalCode).not.toHaveAttribute('aria-invalid');
      expect(screen.getByRole('button', { name: 'Save address' })).not.toHaveAttribute('aria-disabled');
    });

    it('when the countries cannot be read: the error view in place of the form, and Try again reads them again', async () => {
      let fail = true;
      const { user, calls } = openStatus(needsAddress, {
        routes: {
          [PATHS.listCountryCode]: () => {
            if (fail) throw businessError(PATHS.listCountryCode, '999999');
            return COUNTRIES;
          },
        },
      });
      expect(await screen.findByRole('heading', { level: 2, name: 'Something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: TITLE.Pass })).toBeInTheDocument();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Your residential address' })).toBeInTheDocument();
      expect(callsTo(calls, PATHS.listCountryCode)).toHaveLength(2);
    });

    it("shows the server's refusal of the address and stays on the form", async () => {
      const refusal = 'The address must be in your country of residence';
      const { user, calls } = await openAddressForm(() => Promise.reject(businessError(PATHS.kycUpdateAddress, 'KYC000000400', refusal)));
      await typeAddress(user);
      await user.click(screen.getByRole('button', { name: 'Save address' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
      expect(screen.getByRole('heading', { level: 2, name: 'Your residential address' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save address' })).not.toHaveAttribute('aria-disabled');
      expect(callsTo(calls, PATHS.kycUpdateAddress)).toEqual([expect.objectContaining({ options: { silent: true } })]);
      expect(callsTo(calls, PATHS.overview)).toHaveLength(1);
    });
  });

  it('the entity variant shows the PL note', async () => {
    openStatus(accountOverview({ entityTag: 'PL' }, { kycStatus: 'Initial' }), { page: 'account-status-entity' });
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(screen.getByText('Your account is served by our entity in Poland (PL).')).toBeInTheDocument();
    expect(screen.queryByText('You are verifying through a partner channel.')).not.toBeInTheDocument();
  });

  it('the Roma variant shows its note', async () => {
    openStatus(accountOverview({}, { kycStatus: 'Initial' }), { page: 'account-status-roma' });
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(screen.getByText('You are verifying through a partner channel.')).toBeInTheDocument();
    expect(screen.queryByText('Your account is served by our entity in Poland (PL).')).not.toBeInTheDocument();
  });

  it("says what became of a merchant's shared verification: being checked while Pending, refused while Initial (verify here)", async () => {
    openStatus(accountOverview({}, { kycStatus: 'Pending', sharedKyc: { outcome: 'reused', merchantName: 'Acme Games' } }));
    expect(await heading(TITLE.Pending)).toBeInTheDocument();
    expect(screen.getByText(/checking the verification you completed with Acme Games/)).toBeInTheDocument();
  });

  it('a refused shared verification asks the person to verify here, naming the merchant (or a partner when unnamed)', async () => {
    const { user } = openStatus(accountOverview({}, { kycStatus: 'Initial', sharedKyc: { outcome: 'refused', merchantName: '' } }));
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(screen.getByText(/could not reuse the verification you completed with a partner/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start verification' }));
    expect(await landedOn()).toBe('/en/sumsub');
  });

  it('no shared-verification note once verified, whatever the merchant shared', async () => {
    openStatus(accountOverview({}, { kycStatus: 'Pass', sharedKyc: { outcome: 'reused', merchantName: 'Acme Games' } }));
    expect(await heading(TITLE.Pass)).toBeInTheDocument();
    expect(screen.queryByText(/Acme Games/)).not.toBeInTheDocument();
  });

  it('the default page shows neither note', async () => {
    openStatus(accountOverview({}, { kycStatus: 'Initial' }));
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(screen.queryByText('Your account is served by our entity in Poland (PL).')).not.toBeInTheDocument();
    expect(screen.queryByText('You are verifying through a partner channel.')).not.toBeInTheDocument();
  });

  it('asks for the account info with paymentMethod BUY_SEND in the remembered independent mode', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'independent');
    const { calls } = openStatus(accountOverview({}, { kycStatus: 'Initial' }));
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(callsTo(calls, PATHS.overview)).toEqual([
      expect.objectContaining({ options: { query: { paymentMethod: 'BUY_SEND' }, silent: true } }),
    ]);
  });

  it('moves on where docs/rules/order-states.md gating says when the account is elsewhere (blocked, or the status page of another entity)', async () => {
    const blocked = openStatus(
      accountOverview({ accountStatus: 'Blocked', accountStatusReasonCode: 'AC100002' }, { kycStatus: 'Initial' }),
    );
    expect(await landedOn()).toBe('/en/user-blocked?code=AC100002');
    blocked.unmount();
    const pl = openStatus(accountOverview({ entityTag: 'PL' }, { kycStatus: 'Initial' }));
    expect(await landedOn()).toBe('/en/account-status-entity');
    pl.unmount();
    openStatus(accountOverview({ entityTag: 'LI' }, { kycStatus: 'Initial' }), { page: 'account-status-entity' });
    expect(await landedOn()).toBe('/en/account-status');
  });

  it('shows the error view with Try again when the account info cannot be read, and Try again asks again', async () => {
    let fail = true;
    const { user, calls } = openStatus(() => {
      if (fail) throw businessError(PATHS.overview, 'SYS000000500');
      return accountOverview({}, { kycStatus: 'Initial' });
    });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Service unavailable' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading(TITLE.Initial)).toBeInTheDocument();
    expect(callsTo(calls, PATHS.overview)).toHaveLength(2);
  });

  it('reports a failed account info to the docs/rules/errors.md reactions (a dead session goes to sign-in), once', async () => {
    const expired = businessError(PATHS.overview, 'USER0000001', 'Session expired');
    const { reported } = openStatus(() => {
      throw expired;
    });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(reported).toEqual([expired]);
  });
});
