import { DESK_SESSION_HEADER, PATHS, permissionsOf } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createStorage } from '@/lib/storage';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { createDeskSessionStore } from './desk-session';
import { DeskPage } from './routes/desk-page';

// docs/rules/operator-desk.md "EDD reviews": the list of cases, one case, and a decision confirmed before it is sent.

const SUMMARY = {
  id: 'edd_1',
  userId: 'usr_edd',
  email: 'edd@causeway.test',
  status: 'Pending' as const,
  trigger: 'rating' as const,
  askedParts: ['SOW' as const, 'SOF' as const],
  deadlineAt: '2026-04-01T10:00:00.000Z',
  submittedAt: '2026-03-05T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
};

const part = (choice: string, choiceLabel: string, text: string, fileName: string) => ({
  choice,
  choiceLabel,
  text,
  files: [{ filePath: `kyc/usr_edd/${fileName}`, fileName, sha256: 'a'.repeat(64) }],
  committedAt: '2026-03-05T10:00:00.000Z',
});

const CASE = {
  ...SUMMARY,
  requestedBy: 'rules',
  requestReason: 'risk rating high',
  sow: part('EMPLOYMENT', 'Employment', 'Salary from my employer since 2015', 'payslip.pdf'),
  sof: part('SAVINGS', 'Savings', 'Savings held at my bank', 'statement.png'),
  rfiMessage: null,
  decidedAt: null,
  decidedBy: null,
  decisionNote: null,
  rating: {
    userId: 'usr_edd',
    rating: 'high' as const,
    computedRating: 'high' as const,
    factors: [{ code: 'NATIONALITY_COUNTRY_HIGH', rating: 'high' as const, detail: 'KE' }],
    volume12m: '1200.50',
    override: null,
    computedAt: '2026-03-01T10:00:00.000Z',
  },
};

function openEdd(routes: Record<string, Responder> = {}, url = '/en/desk/edd') {
  const sessions = createDeskSessionStore(createStorage({ storage: createMemoryStorage }));
  sessions.save({
    token: 'token-of-compliance',
    expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
    operator: {
      operatorId: 'opr_compliance',
      email: 'desk-compliance@causeway.test',
      displayName: 'Demo compliance',
      role: 'compliance',
      permissions: permissionsOf('compliance'),
    },
  });
  const fake = routedHttpClient({
    [PATHS.deskEddCases]: () => ({ total: 1, page: 1, pageSize: 20, cases: [SUMMARY] }),
    [PATHS.deskEddCase]: () => CASE,
    ...routes,
  });
  const view = renderPage(<DeskPage client={fake.client} sessions={sessions} />, { path: '/:lng/desk/*', url });
  return { ...view, fake };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The confirmation dialog is a lazy chunk: its first opening may take longer than 1 s on a loaded machine. */
const SLOW = { timeout: 5000 };

describe('the EDD screen', () => {
  it('lists the cases waiting, opens one, and approves it once confirmed', async () => {
    const user = userEvent.setup();
    let status: 'Pending' | 'Pass' = 'Pending';
    const { fake } = openEdd({
      [PATHS.deskEddCase]: () => ({ ...CASE, status }),
      [PATHS.deskEddDecide]: () => {
        status = 'Pass';
        return { caseId: 'edd_1', status: 'Pass' };
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).getByRole('link', { name: 'EDD reviews' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('1 cases')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.path === PATHS.deskEddCases)?.options).toMatchObject({
      query: { status: 'Pending', page: 1 },
      headers: { [DESK_SESSION_HEADER]: 'token-of-compliance' },
    });

    await user.click(screen.getByRole('link', { name: 'Open the case of edd@causeway.test' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'edd@causeway.test' })).toBeInTheDocument();
    expect(screen.getByText('Salary from my employer since 2015')).toBeInTheDocument();
    expect(screen.getByText('Employment (EMPLOYMENT)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download payslip.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download statement.png' })).toBeInTheDocument();
    expect(screen.getByText('nationality of a country listed high (KE): High')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this case?' }, SLOW);
    expect(fake.bodiesOf(PATHS.deskEddDecide)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // Decided: the case is read again, and the decision's place says what was done instead of offering it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument(), SLOW);
    expect(screen.getByText('The case of edd@causeway.test is approved.')).toHaveAttribute('role', 'status');
    expect(fake.bodiesOf(PATHS.deskEddDecide)).toEqual([{ caseId: 'edd_1', outcome: 'approve' }]);
  });

  it('asks for more only with a message, and says a refusal in its own words', async () => {
    const user = userEvent.setup();
    const { fake } = openEdd(
      {
        [PATHS.deskEddDecide]: () => {
          throw businessError(PATHS.deskEddDecide, 'EDD0000004');
        },
      },
      '/en/desk/edd/edd_1',
    );
    await user.click(await screen.findByRole('button', { name: 'Ask for more' }));
    expect(await screen.findByText('Write what you are asking the person for.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Message to the person'), 'Send a newer bank statement');
    await user.click(screen.getByRole('checkbox', { name: 'Source of wealth' }));
    await user.click(screen.getByRole('button', { name: 'Ask for more' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for more?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The case is no longer at a point where this decision can be made. Reload it.')).toBeInTheDocument();
    expect(fake.bodiesOf(PATHS.deskEddDecide)).toEqual([
      { caseId: 'edd_1', outcome: 'rfi', message: 'Send a newer bank statement', parts: ['SOF'] },
    ]);
  });

  it('downloads a file through the desk session, the token in its header', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async () => new Response('%PDF-1.7', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs: a URL class with them, for this test only.
    const createObjectURL = vi.fn(() => 'blob:evidence');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    openEdd({}, '/en/desk/edd/edd_1');
    await user.click(await screen.findByRole('button', { name: 'Download payslip.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), SLOW);
    expect(fetchMock).toHaveBeenCalledWith(
      `/prod-api${PATHS.deskEddEvidenceFile}?caseId=edd_1&filePath=kyc%2Fusr_edd%2Fpayslip.pdf`,
      expect.objectContaining({ headers: { [DESK_SESSION_HEADER]: 'token-of-compliance' } }),
    );
  });
});
