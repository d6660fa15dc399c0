import { DESK_SESSION_HEADER, PATHS, permissionsOf } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createStorage } from '@/lib/storage';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { createDeskSessionStore } from './desk-session';
import { DeskPage } from './routes/desk-page';

const operator = (role: 'support' | 'compliance' | 'admin') => ({
  operatorId: `opr_${role}`,
  email: `desk-${role}@causeway.test`,
  displayName: `Demo ${role}`,
  role,
  permissions: permissionsOf(role),
});

const sessionOf = (role: 'support' | 'compliance' | 'admin') => ({
  token: `token-of-${role}`,
  expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
  idleMinutes: 30,
  operator: operator(role),
});

const PEOPLE = {
  total: 1,
  page: 1,
  pageSize: 20,
  people: [
    {
      userId: 'usr_demo',
      email: 'demo@causeway.test',
      userType: 'Individual',
      accountStatus: 'Active',
      accountStatusReasonCode: null,
      entityTag: 'LI',
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
};

const PERSON = {
  person: { ...PEOPLE.people[0]!, targetEntityTag: null, sensitiveActionsSuspendedUntil: null },
  verification: { kind: 'KYC' as const, status: 'Pass', level: 2, country: 'DE' },
  orders: {
    byStatus: { COMPLETED: 2 },
    recent: [
      {
        orderId: 'ord_1',
        transactionType: 'buy',
        status: 'COMPLETED',
        fiatAmount: '100',
        fiatCurrency: 'EUR',
        cryptoAmount: '0.0012345',
        cryptoCurrency: 'BTC',
        createdAt: '2026-03-02T10:00:00.000Z',
      },
    ],
  },
  merchantLinks: [
    { merchantId: 'mch_demo', merchantName: 'Sandbox Demo Shop', merchantUserId: 'cust-42', verifiedAt: '2026-03-01T11:00:00.000Z' },
  ],
};

/** The query strings sent to a GET path, in order. */
const queriesOf = (calls: ReturnType<typeof routedHttpClient>['calls'], path: string) =>
  calls.filter((c) => c.path === path).map((c) => (c.options as { query?: unknown }).query);

function openDesk({
  url = '/en/desk',
  signedInAs,
  routes = {},
}: { url?: string; signedInAs?: 'support' | 'compliance' | 'admin'; routes?: Record<string, Responder> } = {}) {
  const sessions = createDeskSessionStore(createStorage({ storage: createMemoryStorage }));
  if (signedInAs) sessions.save(sessionOf(signedInAs));
  const fake = routedHttpClient({
    [PATHS.deskPeople]: () => PEOPLE,
    [PATHS.deskPerson]: () => PERSON,
    [PATHS.deskSignOut]: () => null,
    ...routes,
  });
  const view = renderPage(<DeskPage client={fake.client} sessions={sessions} />, { path: '/:lng/desk/*', url });
  return { ...view, fake, sessions };
}

describe('the desk sign-in', () => {
  it('asks the password, shows the authenticator setup once, then the code gives a session kept in its own store', async () => {
    const user = userEvent.setup();
    const { fake, sessions, router } = openDesk();
    fake.routes[PATHS.deskSignInPassword] = () => ({
      stepToken: 'step-1',
      expiresInSeconds: 300,
      enrol: {
        otpauthUri: 'otpauth://totp/Causeway%20desk:desk-support%40causeway.test?secret=ABC',
        secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
      },
    });
    fake.routes[PATHS.deskSignInCode] = () => sessionOf('support');

    expect(screen.getByRole('heading', { level: 1, name: 'Operator desk' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Operator email'), 'desk-support@causeway.test');
    await user.type(screen.getByLabelText('Password'), 'Causeway-desk-2026!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeInTheDocument();
    expect(screen.getByText('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBeInTheDocument();
    expect(fake.bodiesOf(PATHS.deskSignInPassword)).toEqual([{ email: 'desk-support@causeway.test', password: 'Causeway-desk-2026!' }]);

    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Support sees people, orders and its own audit log; not the trial balance or the operators.
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['People', 'Orders waiting', 'Audit log']);
    expect(router.state.location.pathname).toBe('/en/desk/people');
    expect(fake.bodiesOf(PATHS.deskSignInCode)).toEqual([{ stepToken: 'step-1', code: '123456' }]);
    expect(sessions.load()?.token).toBe('token-of-support');
    // The screen's call carries the desk token in its own header.
    await screen.findByText('demo@causeway.test');
    const people = fake.calls.find((c) => c.path === PATHS.deskPeople);
    expect(people?.options).toMatchObject({ headers: { [DESK_SESSION_HEADER]: 'token-of-support' } });
  });

  it('says a wrong code in its words, and starts again at the password when the step expired', async () => {
    const user = userEvent.setup();
    const { fake } = openDesk();
    fake.routes[PATHS.deskSignInPassword] = () => ({ stepToken: 'step-1', expiresInSeconds: 300, enrol: null });
    fake.routes[PATHS.deskSignInCode] = () => {
      throw businessError(PATHS.deskSignInCode, 'DSK0000002');
    };
    await user.type(screen.getByLabelText('Operator email'), 'desk-admin@causeway.test');
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('heading', { name: 'Set up your authenticator' })).not.toBeInTheDocument();

    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email, password or code is not right.');

    fake.routes[PATHS.deskSignInCode] = () => {
      throw businessError(PATHS.deskSignInCode, 'DSK0000003');
    };
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This sign-in took too long. Start again with your password.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Operator email')).toBeInTheDocument();
  });

  it('refuses a code that is not six digits before asking the server', async () => {
    const user = userEvent.setup();
    const { fake } = openDesk();
    fake.routes[PATHS.deskSignInPassword] = () => ({ stepToken: 'step-1', expiresInSeconds: 300, enrol: null });
    await user.type(screen.getByLabelText('Operator email'), 'desk-admin@causeway.test');
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6 digits of the code.');
    expect(fake.bodiesOf(PATHS.deskSignInCode)).toEqual([]);
  });
});

describe('the desk, signed in', () => {
  it('finds people, opens one, and shows the account, its verification, orders and merchant links', async () => {
    const user = userEvent.setup();
    const { fake } = openDesk({ url: '/en/desk/people', signedInAs: 'compliance' });
    expect(await screen.findByText('1 found')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email or account id'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesOf(fake.calls, PATHS.deskPeople)).toContainEqual({ q: 'demo', page: 1 }));

    await user.click(screen.getByRole('link', { name: 'Open demo@causeway.test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'demo@causeway.test' })).toBeInTheDocument();
    expect(queriesOf(fake.calls, PATHS.deskPerson)).toEqual([{ userId: 'usr_demo' }]);
    expect(screen.getByText('Pass')).toBeInTheDocument();
    expect(screen.getByText('COMPLETED: 2')).toBeInTheDocument();
    expect(screen.getByText(/buy, COMPLETED: 100 EUR for 0.0012345 BTC/)).toBeInTheDocument();
    expect(screen.getByText(/Sandbox Demo Shop: customer cust-42/)).toBeInTheDocument();
  });

  it("starts a verified person's migration to the other entity, checking the form first", async () => {
    const user = userEvent.setup();
    const { fake } = openDesk({
      url: '/en/desk/people/usr_demo',
      signedInAs: 'compliance',
      routes: {
        [PATHS.deskStartMigration]: () => ({
          userId: 'usr_demo',
          currentEntity: 'LI',
          targetEntity: 'PL',
          deadline: '2026-04-01T10:00:00.000Z',
        }),
      },
    });
    const form = await screen.findByRole('region', { name: 'Move to PL' });
    await user.clear(within(form).getByLabelText('Days to accept'));
    await user.type(within(form).getByLabelText('Days to accept'), '0');
    await user.click(within(form).getByRole('button', { name: 'Start the move to PL' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Days to accept: a whole number from 1 to 90.');
    expect(fake.calls.filter((c) => c.path === PATHS.deskStartMigration)).toEqual([]);

    await user.clear(within(form).getByLabelText('Days to accept'));
    await user.type(within(form).getByLabelText('Days to accept'), '14');
    await user.type(within(form).getByLabelText('Reason'), 'Polish residents move to PL');
    await user.click(within(form).getByRole('button', { name: 'Start the move to PL' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(/Started: the move to PL is due by/);
    expect(fake.calls.find((c) => c.path === PATHS.deskStartMigration)?.body).toEqual({
      userId: 'usr_demo',
      targetEntity: 'PL',
      deadlineDays: 14,
      reason: 'Polish residents move to PL',
    });
  });

  it('offers support no migration: starting journeys is not its role', async () => {
    openDesk({ url: '/en/desk/people/usr_demo', signedInAs: 'support' });
    expect(await screen.findByRole('heading', { level: 1, name: 'demo@causeway.test' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Move to PL' })).not.toBeInTheDocument();
  });

  it('an admin sees every screen; a screen the role may not open is not offered', async () => {
    openDesk({ url: '/en/desk/operators', signedInAs: 'support' });
    // Support has no operators screen: the desk opens its first one.
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
  });

  it('lets an admin disable another operator, never themselves', async () => {
    const user = userEvent.setup();
    let status: 'Active' | 'Disabled' = 'Active';
    const row = (who: 'support' | 'admin', state: 'Active' | 'Disabled') => ({
      operatorId: `opr_${who}`,
      email: `desk-${who}@causeway.test`,
      displayName: `Demo ${who}`,
      role: who,
      status: state,
      enrolled: true,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    const { fake } = openDesk({
      url: '/en/desk/operators',
      signedInAs: 'admin',
      routes: {
        [PATHS.deskOperators]: () => ({ operators: [row('support', status), row('admin', 'Active')] }),
        [PATHS.deskOperatorStatus]: (body: { status: 'Active' | 'Disabled' }) => {
          status = body.status;
          return null;
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable desk-support@causeway.test' }));
    expect(fake.bodiesOf(PATHS.deskOperatorStatus)).toEqual([{ operatorId: 'opr_support', status: 'Disabled' }]);
    expect(await screen.findByText('desk-support@causeway.test is now Disabled.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enable desk-support@causeway.test' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /desk-admin@causeway.test/ })).not.toBeInTheDocument();
  });

  it('goes back to the sign-in, saying why, when the session has ended', async () => {
    const { sessions } = openDesk({
      url: '/en/desk/people',
      signedInAs: 'admin',
      routes: {
        [PATHS.deskPeople]: () => {
          throw businessError(PATHS.deskPeople, 'DSK0000001');
        },
      },
    });
    expect(await screen.findByText('Your desk session ended. Sign in again.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Operator email')).toBeInTheDocument();
    expect(sessions.load()).toBeUndefined();
  });

  it('signs out: the token is forgotten and the sign-in shows', async () => {
    const user = userEvent.setup();
    const { fake, sessions } = openDesk({ url: '/en/desk/people', signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out of the desk.')).toHaveAttribute('role', 'status');
    expect(fake.calls.some((c) => c.path === PATHS.deskSignOut)).toBe(true);
    expect(sessions.load()).toBeUndefined();
  });
});
