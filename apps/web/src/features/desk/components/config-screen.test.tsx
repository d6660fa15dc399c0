import { LOGIN_MODES, PATHS, permissionsOf } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createStorage } from '@/lib/storage';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { ApiError } from '@/lib/http-errors';
import { createDeskSessionStore } from '../desk-session';
import { DeskPage } from '../routes/desk-page';

// docs/rules/operator-desk.md "Service": the admin's screen of service modes, pairs and feature switches.

const admin = {
  token: 'token-of-admin',
  expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
  idleMinutes: 30,
  operator: {
    operatorId: 'opr_admin',
    email: 'desk-admin@causeway.test',
    displayName: 'Demo admin',
    role: 'admin' as const,
    permissions: permissionsOf('admin'),
  },
};

type Mode = (typeof LOGIN_MODES)[number];
const modeState = (mode: Mode, maintenance = false, ukOpen = false) => ({
  mode,
  maintenance,
  ukOpen,
  updatedBy: maintenance || ukOpen ? 'opr_admin' : null,
  updatedAt: maintenance || ukOpen ? '2026-03-01T10:00:00.000Z' : null,
});

const channel = (pairId: string, channelCode: string, transactionType: string, enabled = true) => ({
  pairId,
  channelCode,
  transactionType,
  enabled,
  updatedBy: null,
  updatedAt: null,
});
const pair = (base: string, crypto: string, enabled = true) => {
  const pairId = `${base}-${crypto}-${crypto}`;
  return {
    pairId,
    baseCurrency: base,
    cryptoCurrency: crypto,
    network: crypto,
    minAmount: '20',
    maxAmount: '20000',
    enabled,
    updatedBy: null,
    updatedAt: null,
    channels: [channel(pairId, 'CHECKOUT', 'buy'), channel(pairId, 'CHECKOUT', 'sell', false)],
  };
};

const WITHDRAW = { clientType: 'Web' as const, entry: 'indepdentMain', label: 'withdraw' as const, minVersion: 1025 };

/** The desk at its Service screen, an admin signed in, with the server's state kept in the test. */
function openService(routes: Record<string, Responder> = {}) {
  const state = {
    modes: LOGIN_MODES.map((mode) => modeState(mode)),
    pairs: [pair('EUR', 'BTC'), pair('EUR', 'ETH'), pair('GBP', 'BTC')],
    switches: [{ ...WITHDRAW, enable: true, updatedBy: null, updatedAt: null }],
  };
  const sessions = createDeskSessionStore(createStorage({ storage: createMemoryStorage }));
  sessions.save(admin);
  const modeChange = (mode: Mode, change: { maintenance?: boolean; ukOpen?: boolean }, name: string) => {
    const before = state.modes.find((entry) => entry.mode === mode)!;
    const after = { ...before, ...change, updatedBy: 'opr_admin', updatedAt: '2026-03-02T10:00:00.000Z' };
    state.modes = state.modes.map((entry) => (entry.mode === mode ? after : entry));
    return { setting: `service-modes.${mode}.${name}`, before, after };
  };
  const fake = routedHttpClient({
    [PATHS.deskServiceModes]: () => ({ modes: state.modes }),
    [PATHS.deskSetMaintenance]: (body: { mode: Mode; on: boolean }) => modeChange(body.mode, { maintenance: body.on }, 'maintenance'),
    [PATHS.deskSetUkOpen]: (body: { mode: Mode; open: boolean }) => modeChange(body.mode, { ukOpen: body.open }, 'uk-open'),
    [PATHS.deskPairs]: () => ({ pairs: state.pairs }),
    [PATHS.deskChangePair]: ({ pairId, ...change }: { pairId: string; enabled?: boolean; minAmount?: string; maxAmount?: string }) => {
      const before = state.pairs.find((entry) => entry.pairId === pairId)!;
      state.pairs = state.pairs.map((entry) => (entry.pairId === pairId ? { ...entry, ...change } : entry));
      const { channels: _channels, updatedAt: _at, updatedBy: _by, ...plain } = before;
      return { setting: `pairs.${pairId}`, before: plain, after: { ...plain, ...change } };
    },
    [PATHS.deskChangePairChannel]: (body: { pairId: string; channelCode: string; transactionType: string; enabled: boolean }) => ({
      setting: `pairs.${body.pairId}.${body.channelCode}.${body.transactionType}`,
      before: { ...body, enabled: !body.enabled },
      after: body,
    }),
    [PATHS.deskFeatureSwitches]: () => ({ switches: state.switches }),
    [PATHS.deskSetFeatureSwitch]: (body: typeof WITHDRAW & { enable: boolean }) => ({ setting: 'switches', before: null, after: body }),
    [PATHS.deskRemoveFeatureSwitch]: (body: typeof WITHDRAW) => {
      state.switches = [];
      return { setting: 'switches', before: { ...body, enable: true }, after: null };
    },
    [PATHS.deskSignOut]: () => null,
    ...routes,
  });
  renderPage(<DeskPage client={fake.client} sessions={sessions} />, { path: '/:lng/desk/*', url: '/en/desk/service' });
  return { fake, state };
}

const section = async (name: string) => screen.findByRole('region', { name });

describe('the Service screen', () => {
  it('is in the admin menu as Service', async () => {
    openService();
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).getByRole('link', { name: 'Service' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service' })).toBeInTheDocument();
  });

  it('asks before turning maintenance on, then switches it; off and the UK switch at once', async () => {
    const user = userEvent.setup();
    const { fake } = openService();
    const modes = await section('Sign-in modes');
    const maintenance = await within(modes).findByRole('switch', { name: 'Individuals: under maintenance' });
    expect(maintenance).toHaveAttribute('aria-checked', 'false');

    // Cancelled: nothing is sent.
    await user.click(maintenance);
    const dialog = await screen.findByRole('dialog', { name: 'Put Individuals under maintenance?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.bodiesOf(PATHS.deskSetMaintenance)).toEqual([]);

    // By keyboard this time: the switch is a button, Enter presses it.
    maintenance.focus();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn maintenance on' }));
    expect(fake.bodiesOf(PATHS.deskSetMaintenance)).toEqual([{ mode: 'individual', on: true }]);
    expect(await within(modes).findByText('Individuals is under maintenance.')).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(within(modes).getByRole('switch', { name: 'Individuals: under maintenance' })).toHaveAttribute('aria-checked', 'true'),
    );

    // Off needs no question.
    await user.click(within(modes).getByRole('switch', { name: 'Individuals: under maintenance' }));
    expect(fake.bodiesOf(PATHS.deskSetMaintenance)).toEqual([
      { mode: 'individual', on: true },
      { mode: 'individual', on: false },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(modes).getByRole('switch', { name: 'Businesses: open to the UK' }));
    expect(fake.bodiesOf(PATHS.deskSetUkOpen)).toEqual([{ mode: 'business', open: true }]);
    expect(await within(modes).findByText('Businesses is open to the UK.')).toBeInTheDocument();
  });

  it('shows the pairs of one base currency, and turns a pair and a channel on or off', async () => {
    const user = userEvent.setup();
    const { fake } = openService();
    const pairs = await section('Trading pairs');
    const btc = await within(pairs).findByRole('switch', { name: 'BTC on BTC for EUR: offered' });
    expect(within(pairs).getAllByText('From 20 to 20000 EUR')).toHaveLength(2);
    expect(within(pairs).queryByRole('switch', { name: 'BTC on BTC for GBP: offered' })).not.toBeInTheDocument();

    await user.click(btc);
    expect(fake.bodiesOf(PATHS.deskChangePair)).toEqual([{ pairId: 'EUR-BTC-BTC', enabled: false }]);
    expect(await within(pairs).findByText('EUR-BTC-BTC: Off.')).toBeInTheDocument();

    await user.click(within(pairs).getByRole('switch', { name: 'BTC on BTC for EUR on CHECKOUT for sell: offered' }));
    expect(fake.bodiesOf(PATHS.deskChangePairChannel)).toEqual([
      { pairId: 'EUR-BTC-BTC', channelCode: 'CHECKOUT', transactionType: 'sell', enabled: true },
    ]);

    await user.selectOptions(within(pairs).getByLabelText('Base currency'), 'GBP');
    expect(within(pairs).getByRole('switch', { name: 'BTC on BTC for GBP: offered' })).toBeInTheDocument();
    expect(within(pairs).queryByRole('switch', { name: 'ETH on ETH for EUR: offered' })).not.toBeInTheDocument();
  });

  it('says a refused change in its status line, and changes nothing on the page', async () => {
    const user = userEvent.setup();
    const { fake } = openService({
      [PATHS.deskChangePair]: () => {
        throw new ApiError({ kind: 'business', path: PATHS.deskChangePair, code: 'DSK0000004', msg: '', httpStatus: 403 });
      },
      [PATHS.deskChangePairChannel]: () => {
        throw new ApiError({ kind: 'business', path: PATHS.deskChangePairChannel, code: 'SET0000002', msg: 'gone', httpStatus: 404 });
      },
    });
    const pairs = await section('Trading pairs');
    await user.click(await within(pairs).findByRole('switch', { name: 'ETH on ETH for EUR: offered' }));
    expect(await within(pairs).findByText('Your role may not do this.')).toBeInTheDocument();
    expect(within(pairs).getByRole('switch', { name: 'ETH on ETH for EUR: offered' })).toHaveAttribute('aria-checked', 'true');

    const pairReads = fake.calls.filter((c) => c.path === PATHS.deskPairs).length;
    await user.click(within(pairs).getByRole('switch', { name: 'ETH on ETH for EUR on CHECKOUT for buy: offered' }));
    expect(await within(pairs).findByText('Not changed: this setting no longer exists. The list is read again.')).toBeInTheDocument();
    await waitFor(() => expect(fake.calls.filter((c) => c.path === PATHS.deskPairs).length).toBeGreaterThan(pairReads));
  });

  it("changes a pair's range in place, sending only what changed", async () => {
    const user = userEvent.setup();
    const { fake } = openService();
    const pairs = await section('Trading pairs');
    const min = await within(pairs).findByLabelText('Minimum (EUR) of EUR-BTC-BTC');
    const max = within(pairs).getByLabelText('Maximum (EUR) of EUR-BTC-BTC');
    expect(min).toHaveValue('20');
    expect(max).toHaveValue('20000');
    expect(min).toHaveAttribute('inputmode', 'decimal');
    const save = within(pairs).getByRole('button', { name: 'Save the range of EUR-BTC-BTC' });

    // Nothing changed (20.00 is 20): nothing is sent, and the row says so.
    await user.clear(min);
    await user.type(min, '20.00');
    await user.click(save);
    expect(await within(pairs).findByText('Nothing to save: change the minimum or the maximum first.')).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskChangePair)).toEqual([]);

    // The maximum only.
    await user.clear(max);
    await user.type(max, '25000.50');
    await user.click(save);
    expect(fake.bodiesOf(PATHS.deskChangePair)).toEqual([{ pairId: 'EUR-BTC-BTC', maxAmount: '25000.50' }]);
    expect(await within(pairs).findByText('Saved the range of EUR-BTC-BTC: Maximum (EUR) 20000 → 25000.50.')).toBeInTheDocument();
    // The list is read again: the row shows the new range, and the form holds it.
    expect(await within(pairs).findByText('From 20 to 25000.50 EUR')).toBeInTheDocument();
    expect(within(pairs).getByLabelText('Maximum (EUR) of EUR-BTC-BTC')).toHaveValue('25000.50');

    // The minimum only, by keyboard (Enter sends the form); a minimum equal to the maximum is the server's rule too.
    const ethMin = within(pairs).getByLabelText('Minimum (EUR) of EUR-ETH-ETH');
    await user.clear(ethMin);
    await user.type(ethMin, ' 20000 {Enter}');
    await waitFor(() => expect(fake.bodiesOf(PATHS.deskChangePair)).toHaveLength(2));
    expect(fake.bodiesOf(PATHS.deskChangePair)[1]).toEqual({ pairId: 'EUR-ETH-ETH', minAmount: '20000' });
    expect(await within(pairs).findByText('Saved the range of EUR-ETH-ETH: Minimum (EUR) 20 → 20000.')).toBeInTheDocument();

    // Both at once.
    await user.clear(min);
    await user.type(min, '30');
    await user.clear(max);
    await user.type(max, '30000');
    await user.click(save);
    expect(fake.bodiesOf(PATHS.deskChangePair)[2]).toEqual({ pairId: 'EUR-BTC-BTC', minAmount: '30', maxAmount: '30000' });
    expect(
      await within(pairs).findByText('Saved the range of EUR-BTC-BTC: Minimum (EUR) 20 → 30; Maximum (EUR) 25000.50 → 30000.'),
    ).toBeInTheDocument();
  });

  it('says a malformed amount or a minimum above the maximum at the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { fake } = openService();
    const pairs = await section('Trading pairs');
    const min = await within(pairs).findByLabelText('Minimum (EUR) of EUR-BTC-BTC');
    const max = within(pairs).getByLabelText('Maximum (EUR) of EUR-BTC-BTC');
    const save = within(pairs).getByRole('button', { name: 'Save the range of EUR-BTC-BTC' });
    const malformed = 'A number above 0 with at most 2 decimals, e.g. 30.00.';

    for (const typed of ['12.345', '0', '-5', '1,5', '1e3']) {
      await user.clear(min);
      await user.type(min, typed);
      await user.click(save);
      expect(min).toHaveAttribute('aria-invalid', 'true');
      expect(min).toHaveAccessibleDescription(malformed);
      await waitFor(() => expect(min).toHaveFocus());
    }
    expect(max).not.toHaveAttribute('aria-invalid');

    // Well formed, but above the maximum: said at the minimum.
    await user.clear(min);
    await user.type(min, '20000.01');
    expect(min).toHaveAccessibleDescription('The minimum cannot be above the maximum.');
    await user.click(save);
    await waitFor(() => expect(min).toHaveFocus());

    // A maximum moved below the minimum held: said at the maximum.
    await user.clear(min);
    await user.type(min, '20');
    await user.clear(max);
    await user.type(max, '10');
    await user.click(save);
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription('The minimum cannot be above the maximum.');
    await waitFor(() => expect(max).toHaveFocus());
    expect(fake.bodiesOf(PATHS.deskChangePair)).toEqual([]);
  });

  it("says the server's refusal of a range in the row, and reads the list again", async () => {
    const user = userEvent.setup();
    const { fake } = openService({
      [PATHS.deskChangePair]: () => {
        throw new ApiError({
          kind: 'business',
          path: PATHS.deskChangePair,
          code: 'SET0000001',
          msg: 'minAmount: must be at most the maximum (100)',
          httpStatus: 400,
        });
      },
    });
    const pairs = await section('Trading pairs');
    const min = await within(pairs).findByLabelText('Minimum (EUR) of EUR-ETH-ETH');
    await user.clear(min);
    await user.type(min, '150');
    const pairReads = fake.calls.filter((c) => c.path === PATHS.deskPairs).length;
    await user.click(within(pairs).getByRole('button', { name: 'Save the range of EUR-ETH-ETH' }));
    expect(fake.bodiesOf(PATHS.deskChangePair)).toEqual([{ pairId: 'EUR-ETH-ETH', minAmount: '150' }]);
    expect(await within(pairs).findByText('Not changed: minAmount: must be at most the maximum (100)')).toBeInTheDocument();
    expect(min).toHaveValue('150');
    await waitFor(() => expect(fake.calls.filter((c) => c.path === PATHS.deskPairs).length).toBeGreaterThan(pairReads));
  });

  it('turns, removes and sets feature switches, checking the form first', async () => {
    const user = userEvent.setup();
    const { fake } = openService();
    const switches = await section('Feature switches');
    const name = 'Web · indepdentMain · withdraw · 1025';
    await user.click(await within(switches).findByRole('switch', { name: `${name}: on` }));
    expect(fake.bodiesOf(PATHS.deskSetFeatureSwitch)).toEqual([{ ...WITHDRAW, enable: false }]);
    expect(await within(switches).findByText(`${name}: Off.`)).toBeInTheDocument();

    await user.click(within(switches).getByRole('button', { name: `Remove ${name}` }));
    expect(fake.bodiesOf(PATHS.deskRemoveFeatureSwitch)).toEqual([WITHDRAW]);
    expect(await within(switches).findByText('There are no feature switches.')).toBeInTheDocument();

    // An empty entry is refused here: nothing is sent, and the field says why and takes the focus.
    const form = within(switches).getByRole('form', { name: 'Set a switch' });
    const minVersion = within(form).getByLabelText('From version');
    await user.clear(minVersion);
    await user.type(minVersion, '2000');
    await user.click(within(form).getByRole('button', { name: 'Set switch' }));
    const entry = within(form).getByLabelText('Entry');
    expect(entry).toHaveAttribute('aria-invalid', 'true');
    expect(entry).toHaveAccessibleDescription('1 to 64 letters, digits, _ or -.');
    await waitFor(() => expect(entry).toHaveFocus());
    expect(fake.bodiesOf(PATHS.deskSetFeatureSwitch)).toHaveLength(1);

    await user.type(entry, 'main');
    await user.selectOptions(within(form).getByLabelText('Client type'), 'Android');
    await user.selectOptions(within(form).getByLabelText('Feature'), 'deposit');
    await user.click(within(form).getByLabelText('On'));
    await user.click(within(form).getByRole('button', { name: 'Set switch' }));
    expect(fake.bodiesOf(PATHS.deskSetFeatureSwitch)).toEqual([
      { ...WITHDRAW, enable: false },
      { clientType: 'Android', entry: 'main', label: 'deposit', minVersion: 2000, enable: false },
    ]);
  });
});
