import { type AccountOverview, PATHS } from '@causeway/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MODE_STORAGE_KEY } from '@/lib/mode';
import { createSessionStore, ENTITY_STORAGE_KEY, tokenStorageKey } from '@/lib/session';
import { NO_EXPIRY, storage } from '@/lib/storage';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { UserMigrationPage } from './user-migration-page';

/** entity-switch/precheck: a move from LI to PL, statement STATEMENT 20241104, due on 1 December 2026 (noon UTC). */
const precheck = (overrides: Record<string, unknown> = {}) => ({
  canSwitch: true,
  currentEntity: 'LI',
  targetEntity: 'PL',
  deadline: '2026-12-01T12:00:00.000Z',
  overDeadLine: false,
  protocol: 'STATEMENT',
  version: '20241104',
  ...overrides,
});
/** entity-switch: moved to PL with a rotated session token valid one hour. */
const SWITCHED = { entityTag: 'PL', token: { token: 'token-after-move', validTime: 3600 } };

const TITLE = 'Your account is moving';
const INTRO =
  'To keep serving you, your account moves to our entity in Poland (PL). Please accept its statement (STATEMENT, version 20241104).';
const DEADLINE_TEXT = 'Please do this by 1 December 2026.';
const OVERDUE_TEXT = 'The date to move has passed: please accept to go on.';
const FAILED = 'Your account could not be moved. Please try again.';

/** Opens user-migration with the overview answering `overview`; `routes` override the other answers. */
function openMigration({
  overview = accountOverview(),
  routes = {},
  strict = false,
  url = '/en/user-migration',
}: { overview?: AccountOverview; routes?: Record<string, Responder>; strict?: boolean; url?: string } = {}) {
  const fake = routedHttpClient({
    [PATHS.overview]: () => overview,
    [PATHS.entitySwitchPrecheck]: () => precheck(),
    [PATHS.entitySwitch]: () => SWITCHED,
    [PATHS.routeEntityCheck]: () => ({ hitClickedLaterCache: true, entitySwitchDeadline: '2026-12-01T12:00:00.000Z' }),
    ...routes,
  });
  const view = renderPage(<UserMigrationPage />, { path: '/:lng/user-migration', url, client: fake.client, strict });
  return { ...view, ...fake, user: userEvent.setup() };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const landedOn = async () => (await screen.findByTestId('elsewhere')).textContent;
const callsTo = (calls: Array<{ path: string }>, path: string) => calls.filter((c) => c.path === path);
const SWITCH_CALL = expect.objectContaining({
  method: 'GET',
  path: PATHS.entitySwitch,
  options: { query: { entityProtocolId: 'STATEMENT' }, silent: true },
});

describe('user-migration page', () => {
  it('shows the move to PL: title, intro with the entity and statement, the deadline, Accept and Later', async () => {
    const { calls } = openMigration();
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(screen.getByText(INTRO)).toBeInTheDocument();
    expect(screen.getByText(DEADLINE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(OVERDUE_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Accept and continue/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
    expect(callsTo(calls, PATHS.entitySwitchPrecheck)).toEqual([expect.objectContaining({ method: 'GET' })]);
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([]);
  });

  it('links no document as the statement to accept: no URL names that statement, and the general privacy page is not it (issue 14 review)', async () => {
    openMigration({ routes: { [PATHS.menuLinks]: () => [{ key: 'privacy', url: 'https://shop.example/{lng}/privacy', sort: 2 }] } });
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(screen.getByText(INTRO)).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('Accept moves the account (STATEMENT), stores the rotated token for the stored mode, sets the entity PL and lands on account-status', async () => {
    storage.setItem(MODE_STORAGE_KEY, 'independent');
    const { user, calls } = openMigration();
    expect(await heading(TITLE)).toBeInTheDocument();
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: /Accept and continue/ }));
    expect(await landedOn()).toBe('/en/account-status');
    const after = Date.now();
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([SWITCH_CALL]);

    const stored = JSON.parse(localStorage.getItem(tokenStorageKey('independent')) ?? 'null');
    expect(stored).toEqual({ data: { token: 'token-after-move', validTime: expect.any(Number) }, expiry: NO_EXPIRY });
    expect(stored.data.validTime).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(stored.data.validTime).toBeLessThanOrEqual(after + 3_600_000);
    expect(localStorage.getItem(tokenStorageKey('individual'))).toBeNull();
    expect(createSessionStore().getToken('independent')?.token).toBe('token-after-move');
    expect(JSON.parse(localStorage.getItem(ENTITY_STORAGE_KEY) ?? 'null')).toEqual({ data: 'PL', expiry: NO_EXPIRY });

    // The account changed: its info is asked again (in the stored mode) before leaving.
    const overviews = callsTo(calls, PATHS.overview);
    expect(overviews).toHaveLength(2);
    expect(overviews[1]).toEqual(expect.objectContaining({ options: { query: { paymentMethod: 'BUY_SEND' }, silent: true } }));
    const paths = calls.map((c) => c.path);
    expect(paths.lastIndexOf(PATHS.overview)).toBeGreaterThan(paths.indexOf(PATHS.entitySwitch));
  });

  it('Accept in the default individual mode stores the token for individual', async () => {
    const { user } = openMigration();
    expect(await heading(TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Accept and continue/ }));
    expect(await landedOn()).toBe('/en/account-status');
    expect(storage.getItem(tokenStorageKey('individual'))).toEqual({ token: 'token-after-move', validTime: expect.any(Number) });
    expect(createSessionStore().getToken('individual')?.token).toBe('token-after-move');
    expect(createSessionStore().getEntity()).toBe('PL');
  });

  it('a move to LI accepts STATEMENT_LI and names Liechtenstein', async () => {
    const { user, calls } = openMigration({
      routes: {
        [PATHS.entitySwitchPrecheck]: () =>
          precheck({ currentEntity: 'PL', targetEntity: 'LI', protocol: 'STATEMENT_LI', version: '20250101' }),
        [PATHS.entitySwitch]: () => ({ ...SWITCHED, entityTag: 'LI' }),
      },
    });
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(
      screen.getByText(/our entity in Liechtenstein \(LI\)\. Please accept its statement \(STATEMENT_LI, version 20250101\)\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Accept and continue/ }));
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([
      expect.objectContaining({ options: { query: { entityProtocolId: 'STATEMENT_LI' }, silent: true } }),
    ]);
    expect(createSessionStore().getEntity()).toBe('LI');
  });

  it('Later posts route-entity-check and lands on the settings without moving', async () => {
    const { user, calls } = openMigration();
    expect(await heading(TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(await landedOn()).toBe('/en/settings');
    expect(callsTo(calls, PATHS.routeEntityCheck)).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]);
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([]);
    expect(localStorage.getItem(ENTITY_STORAGE_KEY)).toBeNull();
  });

  it('a failing Later (route-entity-check) stays on the page with both choices', async () => {
    const { user, calls } = openMigration({
      routes: { [PATHS.routeEntityCheck]: () => Promise.reject(businessError(PATHS.routeEntityCheck, 'SYS000000500')) },
    });
    expect(await heading(TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(callsTo(calls, PATHS.routeEntityCheck)).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Accept and continue/ })).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it('past the deadline (overDeadLine): shows the overdue text instead of the date and no Later', async () => {
    openMigration({ routes: { [PATHS.entitySwitchPrecheck]: () => precheck({ overDeadLine: true }) } });
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(screen.getByText(OVERDUE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(DEADLINE_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Accept and continue/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Later' })).not.toBeInTheDocument();
  });

  it('without a deadline shows neither the date nor the overdue text', async () => {
    openMigration({ routes: { [PATHS.entitySwitchPrecheck]: () => precheck({ deadline: null }) } });
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(screen.queryByText(/Please do this by/)).not.toBeInTheDocument();
    expect(screen.queryByText(OVERDUE_TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
  });

  it('with no move to make (canSwitch false) goes to account-status', async () => {
    const { calls } = openMigration({
      routes: {
        [PATHS.entitySwitchPrecheck]: () =>
          precheck({ canSwitch: false, targetEntity: null, protocol: null, version: null, deadline: null }),
      },
    });
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([]);
  });

  it('a switch flagged by an operator (kycInfo.entitySwitch) runs at once without a click, exactly once under StrictMode', async () => {
    const { calls } = openMigration({ overview: accountOverview({}, { entitySwitch: true }), strict: true });
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([SWITCH_CALL]);
    expect(createSessionStore().getToken('individual')?.token).toBe('token-after-move');
    expect(createSessionStore().getEntity()).toBe('PL');
  });

  it("a flagged switch reached from the limited entity's email (entityTag=limited) ends on service-upgrade-complete", async () => {
    const { calls } = openMigration({
      overview: accountOverview({}, { entitySwitch: true }),
      url: '/en/user-migration?entityTag=limited',
    });
    expect(await landedOn()).toBe('/en/service-upgrade-complete');
    expect(callsTo(calls, PATHS.entitySwitch)).toEqual([SWITCH_CALL]);
    expect(createSessionStore().getToken('individual')?.token).toBe('token-after-move');
  });

  it("the email's tag changes nothing for a move the person accepts: account-status, as ever", async () => {
    const { user } = openMigration({ url: '/en/user-migration?entityTag=limited' });
    expect(await heading(TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Accept and continue/ }));
    expect(await landedOn()).toBe('/en/account-status');
  });

  it('a flagged switch shows the working state, never the Accept and Later buttons', async () => {
    let answer: (value: unknown) => void = () => {};
    const moving = new Promise((resolve) => (answer = resolve));
    const { calls } = openMigration({
      overview: accountOverview({}, { entitySwitch: true }),
      routes: { [PATHS.entitySwitch]: () => moving },
    });
    await waitFor(() => expect(callsTo(calls, PATHS.entitySwitch)).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Moving your account…');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    answer(SWITCHED);
    expect(await landedOn()).toBe('/en/account-status');
  });

  it('a flagged switch under way is not started again when the precheck is asked again with a new answer (window focus)', async () => {
    let answer: (value: unknown) => void = () => {};
    const moving = new Promise((resolve) => (answer = resolve));
    let prechecks = 0;
    const { calls } = openMigration({
      overview: accountOverview({}, { entitySwitch: true }),
      strict: true,
      routes: {
        [PATHS.entitySwitchPrecheck]: () =>
          precheck({ deadline: ++prechecks === 1 ? '2026-12-01T12:00:00.000Z' : '2026-12-02T12:00:00.000Z' }),
        [PATHS.entitySwitch]: () => moving,
      },
    });
    await waitFor(() => expect(callsTo(calls, PATHS.entitySwitch)).toHaveLength(1));
    try {
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await waitFor(() => expect(callsTo(calls, PATHS.entitySwitchPrecheck)).toHaveLength(2));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    } finally {
      focusManager.setFocused(undefined);
    }
    expect(callsTo(calls, PATHS.entitySwitch)).toHaveLength(1);
    answer(SWITCHED);
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.entitySwitch)).toHaveLength(1);
  });

  it('a failing switch shows the failure view; Try again shows the page again and a second Accept moves', async () => {
    let fail = true;
    const { user, calls } = openMigration({
      routes: {
        [PATHS.entitySwitch]: () => {
          if (fail) throw businessError(PATHS.entitySwitch, 'SYS000000500');
          return SWITCHED;
        },
      },
    });
    expect(await heading(TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Accept and continue/ }));
    expect(await heading(FAILED)).toBeInTheDocument();
    expect(localStorage.getItem(ENTITY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(tokenStorageKey('individual'))).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(callsTo(calls, PATHS.entitySwitchPrecheck)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Accept and continue/ }));
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.entitySwitch)).toHaveLength(2);
  });

  it('a failing flagged switch shows the failure view, and Try again runs the switch again', async () => {
    let fail = true;
    const { user, calls } = openMigration({
      overview: accountOverview({}, { entitySwitch: true }),
      routes: {
        [PATHS.entitySwitch]: () => {
          if (fail) throw businessError(PATHS.entitySwitch, 'SYS000000500');
          return SWITCHED;
        },
      },
    });
    expect(await heading(FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await landedOn()).toBe('/en/account-status');
    expect(callsTo(calls, PATHS.entitySwitch)).toHaveLength(2);
  });

  it('a failing precheck shows the failure view; Try again asks again', async () => {
    let fail = true;
    const { user, calls } = openMigration({
      routes: {
        [PATHS.entitySwitchPrecheck]: () => {
          if (fail) throw businessError(PATHS.entitySwitchPrecheck, 'SYS000000500');
          return precheck();
        },
      },
    });
    expect(await heading(FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading(TITLE)).toBeInTheDocument();
    expect(callsTo(calls, PATHS.entitySwitchPrecheck)).toHaveLength(2);
  });
});
