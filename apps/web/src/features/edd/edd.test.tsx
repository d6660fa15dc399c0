import { type EddDetail, type EddOptions, PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { ApiError } from '@/lib/http-errors';
import EddPage from './routes/edd-page';

const DEADLINE = '2026-12-21T12:00:00.000Z';
const ASKED: EddDetail = { eddStatus: 'Initial', deadline: DEADLINE, askedParts: ['SOW', 'SOF'], rfiMessage: null, sow: null, sof: null };
const SOW_ANSWER = {
  choice: 'EMPLOYMENT',
  text: 'Salary from my employer since 2015',
  files: [{ filePath: 'kyc/u1/a/payslip.pdf', fileName: 'payslip.pdf' }],
  committedAt: '2026-11-21T12:00:00.000Z',
};

const options = (language: 'en' | 'zh'): EddOptions => ({
  language,
  sow: [
    { value: 'EMPLOYMENT', label: 'Employment income', hint: 'Payslips, and a bank statement (see {bankStatementExample})' },
    { value: 'OTHER', label: 'Other', hint: 'Describe it' },
  ],
  sof: [
    { value: 'SAVINGS', label: 'Savings', hint: 'A bank statement (see {bankStatementExample})' },
    { value: 'OTHER', label: 'Other', hint: 'Describe it' },
  ],
  bankStatementExample: {
    placeholder: '{bankStatementExample}',
    label: 'an example bank statement',
    url: `/examples/bank-statement-${language}.svg`,
  },
});

function openPage(detail: EddDetail | (() => EddDetail), routes: Record<string, Responder> = {}) {
  const fake = routedHttpClient({
    [PATHS.eddDetail]: typeof detail === 'function' ? detail : () => detail,
    [PATHS.eddOptions]: (body: { language: 'en' | 'zh' }) => options(body.language),
    [PATHS.signUpload]: (body: { s3FileName: string }) => ({
      uploadTempUrl: `/uploads/kyc/u1/abc/${body.s3FileName}?sig=1`,
      filePath: `kyc/u1/abc/${body.s3FileName}`,
      expiresInSeconds: 600,
    }),
    ...routes,
  });
  const view = renderPage(<EddPage />, { path: '/:lng/edd', url: '/en/edd', client: fake.client });
  return { ...fake, ...view, user: userEvent.setup() };
}

const pdf = (name: string) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: 20 * 1024 });
  return file;
};

const partSection = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the edd page', () => {
  it('asks both parts with the deadline, the choices in the page language, and the example link where the hint holds it', async () => {
    const { user, bodiesOf } = openPage(ASKED);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enhanced due diligence' })).toBeInTheDocument();
    expect(await screen.findByText(/Please answer by .*Without an answer by then, your account will be blocked/)).toBeInTheDocument();
    expect(bodiesOf(PATHS.eddOptions)).toEqual([{ language: 'en' }]);
    const wealth = await partSection('Source of wealth');
    expect(within(wealth).getByRole('group', { name: 'Where does your wealth mainly come from?' })).toBeInTheDocument();
    expect(
      within(await partSection('Source of funds')).getByText('Use documents other than those of your source of wealth.'),
    ).toBeInTheDocument();
    // No link before a choice; the chosen option's hint with the example bank statement in place of its placeholder.
    expect(within(wealth).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(wealth).getByRole('radio', { name: 'Employment income' }));
    const link = within(wealth).getByRole('link', { name: 'an example bank statement' });
    expect(link).toHaveAttribute('href', '/examples/bank-statement-en.svg');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.closest('p')).toHaveTextContent('Documents that fit: Payslips, and a bank statement (see an example bank statement)');
    expect(link.closest('p')).not.toHaveTextContent('{bankStatementExample}');
  });

  it('marks every missing answer, focuses the first, and sends nothing', async () => {
    const { user, calls } = openPage(ASKED);
    const wealth = await partSection('Source of wealth');
    await user.type(within(wealth).getByLabelText('Tell us more'), 'short');
    await user.click(within(wealth).getByRole('button', { name: 'Save' }));
    expect(within(wealth).getByText('Choose where it comes from.')).toBeInTheDocument();
    expect(within(wealth).getByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(within(wealth).getByText('Upload at least one document.')).toBeInTheDocument();
    expect(within(wealth).getByLabelText('Tell us more')).toHaveAttribute('aria-invalid', 'true');
    expect(within(wealth).getAllByRole('radio')[0]).toHaveFocus();
    expect(calls.filter((call) => call.path === PATHS.eddCommitSow)).toEqual([]);
  });

  it('sends the source of wealth with its uploaded file, then shows it answered and asks only the source of funds', async () => {
    let detail: EddDetail = ASKED;
    const { user, bodiesOf } = openPage(() => detail, {
      [PATHS.eddCommitSow]: (body: { choice: string; text: string; files: string[] }) => {
        detail = {
          ...ASKED,
          askedParts: ['SOF'],
          sow: { ...body, files: body.files.map((filePath) => ({ filePath, fileName: 'payslip.pdf' })), committedAt: DEADLINE },
        };
        return detail;
      },
    });
    const wealth = await partSection('Source of wealth');
    await user.click(within(wealth).getByRole('radio', { name: 'Employment income' }));
    await user.type(within(wealth).getByLabelText('Tell us more'), 'Salary from my employer since 2015');
    await user.upload(within(wealth).getByLabelText(/^Documents/, { selector: 'input' }), pdf('payslip.pdf'));
    await waitFor(() => expect(within(wealth).getByRole('listitem')).toHaveAttribute('data-status', 'done'));
    await user.click(within(wealth).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(PATHS.eddCommitSow)).toEqual([
        { choice: 'EMPLOYMENT', text: 'Salary from my employer since 2015', files: ['kyc/u1/abc/payslip.pdf'] },
      ]),
    );
    const answered = await partSection('Source of wealth');
    expect(await within(answered).findByText('Answered')).toBeInTheDocument();
    expect(within(answered).getByText('Employment income')).toBeInTheDocument();
    expect(within(answered).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(await partSection('Source of funds')).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("shows the server's refusal of source-of-funds files that repeat the source of wealth's, naming them", async () => {
    const { user } = openPage(
      { ...ASKED, askedParts: ['SOF'], sow: SOW_ANSWER },
      {
        [PATHS.eddCommitSof]: () => {
          throw new ApiError({
            kind: 'business',
            path: PATHS.eddCommitSof,
            code: 'EDD0000002',
            msg: 'Source-of-funds files must differ',
            httpStatus: 400,
            data: { files: 'statement-copy.pdf' },
          });
        },
      },
    );
    const funds = await partSection('Source of funds');
    await user.click(within(funds).getByRole('radio', { name: 'Savings' }));
    await user.type(within(funds).getByLabelText('Tell us more'), 'Savings in my current account');
    await user.upload(within(funds).getByLabelText(/^Documents/, { selector: 'input' }), pdf('statement-copy.pdf'));
    await waitFor(() => expect(within(funds).getByRole('listitem')).toHaveAttribute('data-status', 'done'));
    await user.click(within(funds).getByRole('button', { name: 'Save' }));
    expect(
      await within(funds).findByText(
        'These documents are the same as your source-of-wealth documents: statement-copy.pdf. Upload different ones.',
      ),
    ).toBeInTheDocument();
    expect(within(funds).getByLabelText(/^Documents/, { selector: 'input' })).toHaveFocus();
  });

  it("says when nothing is asked any more, from the server's EDD0000001", async () => {
    const { user } = openPage(
      { ...ASKED, askedParts: ['SOF'], sow: SOW_ANSWER },
      {
        [PATHS.eddCommitSof]: () => {
          throw businessError(PATHS.eddCommitSof, 'EDD0000001');
        },
      },
    );
    const funds = await partSection('Source of funds');
    await user.click(within(funds).getByRole('radio', { name: 'Savings' }));
    await user.type(within(funds).getByLabelText('Tell us more'), 'Savings in my current account');
    await user.upload(within(funds).getByLabelText(/^Documents/, { selector: 'input' }), pdf('statement.pdf'));
    await waitFor(() => expect(within(funds).getByRole('listitem')).toHaveAttribute('data-status', 'done'));
    await user.click(within(funds).getByRole('button', { name: 'Save' }));
    expect(await within(funds).findByRole('alert')).toHaveTextContent('This is no longer asked of you');
  });

  it("shows a request for more information: the reviewer's message and the part asked again", async () => {
    openPage({
      ...ASKED,
      eddStatus: 'RFI',
      askedParts: ['SOF'],
      rfiMessage: 'Please send a newer statement',
      sow: SOW_ANSWER,
      sof: { ...SOW_ANSWER, choice: 'SAVINGS' },
    });
    const note = await screen.findByRole('note');
    expect(within(note).getByRole('heading', { name: 'We need more information' })).toBeInTheDocument();
    expect(note).toHaveTextContent('Please send a newer statement');
    expect(note).toHaveTextContent('Please answer again: Source of funds.');
    expect(within(await partSection('Source of wealth')).getByText('Answered')).toBeInTheDocument();
    expect(within(await partSection('Source of funds')).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('under review: says so and shows what was sent, with no form', async () => {
    openPage({
      ...ASKED,
      eddStatus: 'Pending',
      deadline: null,
      askedParts: [],
      sow: SOW_ANSWER,
      sof: { ...SOW_ANSWER, choice: 'SAVINGS' },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Thank you: we are reviewing your answers' })).toBeInTheDocument();
    expect(screen.getByText('Savings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your account status' })).toHaveAttribute('href', '/en/account-status');
  });

  it('says when nothing is asked', async () => {
    openPage({ eddStatus: null, deadline: null, askedParts: [], rfiMessage: null, sow: null, sof: null });
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing to answer' })).toBeInTheDocument();
    expect(screen.getByText('No enhanced due diligence is asked of you now.')).toBeInTheDocument();
  });

  it('offers to try again when the page cannot load', async () => {
    const { user } = openPage(() => {
      throw businessError(PATHS.eddDetail, '999999');
    });
    expect(await screen.findByText('We could not load what is asked of you.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /try again/i }));
  });
});
