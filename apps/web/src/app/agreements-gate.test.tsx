import { PATHS, type TermsAndStatements } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MainLayout } from '@/app/layouts/main-layout';
import { ThemeProvider } from '@/app/theme';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { versionDate } from '@/features/agreements/components/consent-dialog';

const SIGNED_IN = { isLogin: true, email: 'ann@example.com', userType: 'Individual', mode: 'individual', targetEntityTag: null };
const SIGNED_OUT = { isLogin: false, email: null, userType: null, mode: null, targetEntityTag: null };

/** A terms-and-statements answer: TERM and STATEMENT_LI, accepted as given. */
function due(accepted: { TERM: boolean; STATEMENT_LI: boolean }): TermsAndStatements {
  const at = (yes: boolean) => (yes ? '2025-01-02T10:00:00.000Z' : null);
  return {
    entity: 'LI',
    agreements: [
      { protocol: 'TERM', version: '20241104', link: 'terms', accepted: accepted.TERM, acceptedAt: at(accepted.TERM) },
      {
        protocol: 'STATEMENT_LI',
        version: '20250101',
        link: 'privacy',
        accepted: accepted.STATEMENT_LI,
        acceptedAt: at(accepted.STATEMENT_LI),
      },
    ],
    allAccepted: accepted.TERM && accepted.STATEMENT_LI,
    protocolMap: { TERM: '20241104', STATEMENT_LI: '20250101' },
  };
}

function open(routes: Record<string, Responder>) {
  const fake = routedHttpClient({
    [PATHS.checkLoginStatus]: () => SIGNED_IN,
    [PATHS.overview]: () => accountOverview(),
    ...routes,
  });
  const view = renderPage(
    <ThemeProvider>
      <MainLayout flags={{ home: true, buy: false }}>
        <h1>Dashboard</h1>
      </MainLayout>
    </ThemeProvider>,
    { path: '/:lng/dashboard', url: '/en/dashboard', client: fake.client },
  );
  return { ...fake, ...view };
}

const consent = () => screen.findByRole('dialog', { name: 'Please review our terms' }, { timeout: 5_000 });

describe('the consent dialog (docs/rules/agreements.md)', () => {
  it('asks a signed-in person who has not accepted the current statement, naming it with its version and page', async () => {
    const fake = open({ [PATHS.termsAndStatements]: () => due({ TERM: true, STATEMENT_LI: false }) });
    const dialog = await consent();
    const link = within(dialog).getByRole('link', { name: /Privacy Statement/ });
    expect(link).toHaveAttribute('href', '/en/legal/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName('Privacy Statement (opens in a new tab)');
    // Only what is missing is asked: the terms were accepted.
    expect(within(dialog).queryByRole('link', { name: /Terms of Use/ })).toBeNull();
    expect(within(dialog).getByText('Version of January 1, 2025')).toBeInTheDocument();
    // Nothing closes it but its own answers.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(fake.bodiesOf(PATHS.termsAndStatements)).toEqual([{ isRoma: false }]);
  });

  it('is not shown when everything current is accepted', async () => {
    const fake = open({ [PATHS.termsAndStatements]: () => due({ TERM: true, STATEMENT_LI: true }) });
    await waitFor(() => expect(fake.bodiesOf(PATHS.termsAndStatements)).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing of a visitor who is not signed in', async () => {
    const fake = open({
      [PATHS.checkLoginStatus]: () => SIGNED_OUT,
      [PATHS.termsAndStatements]: () => due({ TERM: false, STATEMENT_LI: false }),
    });
    await waitFor(() => expect(fake.bodiesOf(PATHS.checkLoginStatus)).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(fake.bodiesOf(PATHS.termsAndStatements)).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the Roma terms in the Roma channel', async () => {
    document.cookie = 'isRoma=true; path=/';
    const fake = open({ [PATHS.termsAndStatements]: () => due({ TERM: true, STATEMENT_LI: true }) });
    await waitFor(() => expect(fake.bodiesOf(PATHS.termsAndStatements)).toEqual([{ isRoma: true }]));
  });

  it('Accept sends v2 with the versions asked for, then closes once v1 says all is accepted', async () => {
    let accepted = false;
    const fake = open({
      [PATHS.termsAndStatements]: () => due({ TERM: accepted, STATEMENT_LI: accepted }),
      [PATHS.termsAndStatementsV2]: () => {
        accepted = true;
        return { accepted: due({ TERM: true, STATEMENT_LI: true }).agreements };
      },
    });
    const dialog = await consent();
    expect(within(dialog).getByRole('link', { name: /Terms of Use/ })).toHaveAttribute('href', '/en/legal/terms');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.bodiesOf(PATHS.termsAndStatementsV2)).toEqual([{ protocolMap: { TERM: '20241104', STATEMENT_LI: '20250101' } }]);
    expect(fake.bodiesOf(PATHS.termsAndStatements)).toHaveLength(2);
  });

  it('works by keyboard: Escape keeps it, Tab reaches the links and Accept, Enter accepts', async () => {
    let accepted = false;
    const fake = open({
      [PATHS.termsAndStatements]: () => due({ TERM: accepted, STATEMENT_LI: accepted }),
      [PATHS.termsAndStatementsV2]: () => {
        accepted = true;
        return { accepted: due({ TERM: true, STATEMENT_LI: true }).agreements };
      },
    });
    const dialog = await consent();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(dialog);
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    // Focus stays inside the dialog: from wherever it starts, Tab reaches Accept.
    for (let i = 0; i < 5 && document.activeElement !== accept; i += 1) await user.tab();
    expect(accept).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.bodiesOf(PATHS.termsAndStatementsV2)).toHaveLength(1);
  });

  it('says so when the acceptance was refused, and stays', async () => {
    const fake = open({
      [PATHS.termsAndStatements]: () => due({ TERM: false, STATEMENT_LI: true }),
      [PATHS.termsAndStatementsV2]: () => {
        throw businessError(PATHS.termsAndStatementsV2, 'AGR0000001', 'TERM 20241104 is not the current version: 20250601 is.');
      },
    });
    const dialog = await consent();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/not the current version/);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(fake.bodiesOf(PATHS.termsAndStatementsV2)).toEqual([{ protocolMap: { TERM: '20241104' } }]);
  });

  it('Sign out ends the session instead', async () => {
    const fake = open({
      [PATHS.termsAndStatements]: () => due({ TERM: false, STATEMENT_LI: false }),
      [PATHS.logout]: () => null,
    });
    const dialog = await consent();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(fake.bodiesOf(PATHS.logout)).toHaveLength(1));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/en/login-v2');
    expect(fake.bodiesOf(PATHS.termsAndStatementsV2)).toEqual([]);
  });
});

describe('versionDate', () => {
  it('writes a yyyymmdd version as a date of the language, and anything else as it came', () => {
    expect(versionDate('20241104', 'en')).toBe('November 4, 2024');
    expect(versionDate('20241104', 'zh')).toBe('2024年11月4日');
    expect(versionDate('v2', 'en')).toBe('v2');
  });
});
