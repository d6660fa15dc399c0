import { type AdditionalQuestion, PATHS } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountOverview, corporateOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { loadDialogShell } from '@/ui';
import { answerOf, EMPTY_DRAFT, isAnswered } from './questionnaire-answers';
import QuestionnairePage from './routes/questionnaire-page';
import { doneCheckOf, questionnaireDue } from './questionnaire-trigger';

const GROUP = 'profile';
const QUESTIONS: Record<string, { en: AdditionalQuestion; zh: AdditionalQuestion }> = {
  job: {
    en: {
      id: 'job',
      questionText: 'What is your occupation?',
      additionDescription: null,
      answerType: 'INPUT_LINE',
      radioQuestionDetail: null,
      questionGroup: GROUP,
    },
    zh: {
      id: 'job',
      questionText: '您的职业是什么？',
      additionDescription: null,
      answerType: 'INPUT_LINE',
      radioQuestionDetail: null,
      questionGroup: GROUP,
    },
  },
  purpose: {
    en: {
      id: 'purpose',
      questionText: 'What will you use it for?',
      additionDescription: 'A few sentences.',
      answerType: 'INPUT_BAR',
      radioQuestionDetail: null,
      questionGroup: GROUP,
    },
    zh: {
      id: 'purpose',
      questionText: '用途？',
      additionDescription: '几句话。',
      answerType: 'INPUT_BAR',
      radioQuestionDetail: null,
      questionGroup: GROUP,
    },
  },
  funds: {
    en: {
      id: 'funds',
      questionText: 'Where does the money come from?',
      additionDescription: null,
      answerType: 'RADIO',
      radioQuestionDetail: JSON.stringify([{ option: 'Salary' }, { option: 'Other', extraQuestionText: 'Where from?' }]),
      questionGroup: GROUP,
    },
    zh: {
      id: 'funds',
      questionText: '资金来源？',
      additionDescription: null,
      answerType: 'RADIO',
      radioQuestionDetail: JSON.stringify([{ option: '工资' }, { option: '其他', extraQuestionText: '来自哪里？' }]),
      questionGroup: GROUP,
    },
  },
  proof: {
    en: {
      id: 'proof',
      questionText: 'A recent bank statement',
      additionDescription: null,
      answerType: 'UPLOAD',
      radioQuestionDetail: null,
      questionGroup: GROUP,
    },
    zh: {
      id: 'proof',
      questionText: '最近的银行对账单',
      additionDescription: null,
      answerType: 'UPLOAD',
      radioQuestionDetail: null,
      questionGroup: GROUP,
    },
  },
};
const IDS = ['job', 'purpose', 'funds', 'proof'];

function server(routes: Record<string, Responder> = {}) {
  return routedHttpClient({
    [PATHS.myQuestionIds]: () => ({ questions: IDS.map((questionId) => ({ questionId, questionGroup: GROUP })) }),
    [PATHS.myQuestionDetail]: (body: { questionId: string; language: 'en' | 'zh' }) => QUESTIONS[body.questionId]![body.language],
    [PATHS.commitMyQuestionnaireV3]: () => ({ requireDynamicQuestionnaire: false }),
    [PATHS.signUpload]: (body: { s3FileName: string }) => ({
      uploadTempUrl: `/uploads/kyc/u1/abc/${body.s3FileName}?sig=1`,
      filePath: `kyc/u1/abc/${body.s3FileName}`,
      expiresInSeconds: 600,
    }),
    [PATHS.overview]: () => accountOverview({ requireDynamicQuestionnaire: false }),
    [PATHS.traceLog]: () => null,
    ...routes,
  });
}

function openPage(routes: Record<string, Responder> = {}) {
  const fake = server(routes);
  const view = renderPage(<QuestionnairePage />, { path: '/:lng/questionnaire', url: '/en/questionnaire', client: fake.client });
  return { ...fake, ...view, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

const pdf = (name: string) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: 20 * 1024 });
  return file;
};

beforeAll(async () => {
  await loadDialogShell();
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 200 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the questionnaire trigger (spec §4)', () => {
  const due = (info: Parameters<typeof questionnaireDue>[0], context: Partial<Parameters<typeof questionnaireDue>[1]> = {}) =>
    questionnaireDue(info, { path: '/dashboard', doneCheck: 'aaaa', storedFlag: undefined, ...context });
  const asked = { requireDynamicQuestionnaire: true };

  it('asks an individual whose KYC is Pending or Pass, a business whose KYB verification is Pass or Processing', () => {
    expect(due(accountOverview(asked, { kycStatus: 'Pass' }))).toBe(true);
    expect(due(accountOverview(asked, { kycStatus: 'Pending' }))).toBe(true);
    for (const kycStatus of ['Initial', 'Resubmitting', 'Fail'] as const) expect(due(accountOverview(asked, { kycStatus }))).toBe(false);
    const business = (verificationStatus: 'Pass' | 'Processing' | 'Initial' | 'Failed') => ({
      ...corporateOverview({ verificationStatus }),
      ...asked,
    });
    expect(due(business('Pass'))).toBe(true);
    expect(due(business('Processing'))).toBe(true);
    expect(due(business('Initial'))).toBe(false);
    expect(due(business('Failed'))).toBe(false);
  });

  it('asks only with requireDynamicQuestionnaire, never on an excluded page, nor once closed for this token', () => {
    expect(due(accountOverview({ requireDynamicQuestionnaire: false }))).toBe(false);
    expect(due(accountOverview(asked), { path: '/questionnaire' })).toBe(false);
    expect(due(accountOverview(asked), { path: '/account-status' })).toBe(false);
    expect(due(accountOverview(asked), { path: '/3ds?orderId=1' })).toBe(false);
    expect(due(accountOverview(asked), { path: '/buy-crypto' })).toBe(true);
    expect(due(accountOverview(asked), { doneCheck: 'aaaa', storedFlag: 'aaaa' })).toBe(false);
    expect(due(accountOverview(asked), { doneCheck: 'bbbb', storedFlag: 'aaaa' })).toBe(true);
  });

  it("keeps a token's fingerprint, not the token: the same for one token, another for the next", () => {
    expect(doneCheckOf('token-1')).toBe(doneCheckOf('token-1'));
    expect(doneCheckOf('token-1')).not.toBe(doneCheckOf('token-2'));
    expect(doneCheckOf('token-1')).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe('answers (spec §5)', () => {
  const funds = QUESTIONS.funds!.en;
  it('prefixes the radio choice to its extra text with a newline; a choice asking nothing more is the choice alone', () => {
    expect(answerOf(funds, { ...EMPTY_DRAFT, choice: 1, extra: ' An inheritance ' })).toEqual({
      id: 'funds',
      answerText: 'Other\nAn inheritance',
      file: '',
      radioOption: 'Other',
    });
    expect(answerOf(funds, { ...EMPTY_DRAFT, choice: 0 })).toEqual({ id: 'funds', answerText: 'Salary', file: '', radioOption: 'Salary' });
    // The same choice in Chinese: by its position, in the labels shown.
    expect(answerOf(QUESTIONS.funds!.zh, { ...EMPTY_DRAFT, choice: 1, extra: '遗产' }).answerText).toBe('其他\n遗产');
  });

  it('is answered: a text non-empty, an upload with a stored file, a choice and its extra text', () => {
    expect(isAnswered(QUESTIONS.job!.en, { ...EMPTY_DRAFT, text: '  ' })).toBe(false);
    expect(isAnswered(QUESTIONS.job!.en, { ...EMPTY_DRAFT, text: 'Nurse' })).toBe(true);
    expect(isAnswered(funds, { ...EMPTY_DRAFT, choice: 1 })).toBe(false);
    expect(isAnswered(funds, { ...EMPTY_DRAFT, choice: 0 })).toBe(true);
    const uploading = { id: '1', fileName: 'a.pdf', s3FileName: 'a.pdf', fileType: 'pdf', status: 'uploading' as const };
    expect(isAnswered(QUESTIONS.proof!.en, { ...EMPTY_DRAFT, files: [uploading] })).toBe(false);
    expect(isAnswered(QUESTIONS.proof!.en, { ...EMPTY_DRAFT, files: [{ ...uploading, status: 'done', filePath: 'kyc/u1/a.pdf' }] })).toBe(
      true,
    );
  });
});

describe('the questionnaire page', { timeout: 20_000 }, () => {
  it('fetches the question details 500 ms after the questions are known, in the page language', async () => {
    const { bodiesOf } = openPage();
    await waitFor(() => expect(bodiesOf(PATHS.myQuestionIds)).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(bodiesOf(PATHS.myQuestionDetail)).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    await waitFor(() =>
      expect(bodiesOf(PATHS.myQuestionDetail)).toEqual(IDS.map((questionId) => ({ questionId, language: 'en', questionGroup: GROUP }))),
    );
  });

  it('asks again once the language has stayed changed for 500 ms, once', async () => {
    const { bodiesOf, i18n } = openPage();
    await screen.findByLabelText('What is your occupation?');
    await act(async () => {
      await i18n.changeLanguage('zh');
      await vi.advanceTimersByTimeAsync(200);
      await i18n.changeLanguage('en');
      await vi.advanceTimersByTimeAsync(200);
      await i18n.changeLanguage('zh');
      await vi.advanceTimersByTimeAsync(600);
    });
    await screen.findByLabelText('您的职业是什么？');
    const languages = (bodiesOf(PATHS.myQuestionDetail) as Array<{ language: string }>).map((body) => body.language);
    expect(languages).toEqual(['en', 'en', 'en', 'en', 'zh', 'zh', 'zh', 'zh']);
  });

  it('shows each answer type: a line, a text box, choices with an extra question, files', async () => {
    const { user } = openPage();
    const line = await screen.findByLabelText('What is your occupation?');
    expect(line.tagName).toBe('INPUT');
    const box = screen.getByLabelText('What will you use it for?');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAccessibleDescription('A few sentences.');
    const funds = screen.getByRole('group', { name: 'Where does the money come from?' });
    expect(
      within(funds)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Salary', 'Other']);
    expect(within(funds).queryByLabelText('Where from?')).toBeNull();
    await user.click(within(funds).getByRole('radio', { name: 'Other' }));
    expect(within(funds).getByLabelText('Where from?').tagName).toBe('TEXTAREA');
    await user.click(within(funds).getByRole('radio', { name: 'Salary' }));
    expect(within(funds).queryByLabelText('Where from?')).toBeNull();
    const proof = screen.getByRole('group', { name: 'A recent bank statement' });
    expect(within(proof).getByLabelText('Add files', { selector: 'input' })).toHaveAttribute('type', 'file');
  });

  it('marks every unanswered question red with a message, keeps Submit from sending, and focuses the first', async () => {
    const { user, bodiesOf } = openPage();
    const line = await screen.findByLabelText('What is your occupation?');
    await user.click(screen.getByRole('button', { name: 'Submit the answers' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer every question before you submit (4 left).');
    expect(line).toHaveAttribute('aria-invalid', 'true');
    expect(line).toHaveAccessibleDescription('Answer this question');
    expect(line).toHaveFocus();
    expect(screen.getByLabelText('What will you use it for?')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Where does the money come from?' })).toHaveAccessibleDescription('Answer this question');
    expect(screen.getByRole('group', { name: 'A recent bank statement' })).toHaveAccessibleDescription('Answer this question');
    expect(screen.getByRole('button', { name: 'Submit the answers' })).toHaveAttribute('aria-disabled', 'true');
    expect(bodiesOf(PATHS.commitMyQuestionnaireV3)).toEqual([]);

    // A choice whose extra question is unanswered: that field is what is marked.
    const funds = screen.getByRole('group', { name: 'Where does the money come from?' });
    await user.click(within(funds).getByRole('radio', { name: 'Other' }));
    expect(within(funds).getByLabelText('Where from?')).toHaveAccessibleDescription('Answer this question too');
    await user.type(line, 'Nurse');
    expect(line).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('(3 left)');
  });

  it('sends every answer at once, the choice prefixed to its extra text, the uploaded files, then says so', async () => {
    const { user, bodiesOf } = openPage();
    await user.type(await screen.findByLabelText('What is your occupation?'), 'Nurse');
    await user.type(screen.getByLabelText('What will you use it for?'), 'Buying{Enter}monthly');
    const funds = screen.getByRole('group', { name: 'Where does the money come from?' });
    await user.click(within(funds).getByRole('radio', { name: 'Other' }));
    await user.type(within(funds).getByLabelText('Where from?'), 'An inheritance');
    const proof = screen.getByRole('group', { name: 'A recent bank statement' });
    await user.upload(within(proof).getByLabelText('Add files', { selector: 'input' }), pdf('statement.pdf'));
    await waitFor(() => expect(bodiesOf(PATHS.signUpload)).toEqual([{ s3FileName: 'statement.pdf' }]));
    await waitFor(() => expect(within(proof).queryByRole('status', { name: /Loading/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit the answers' }));
    await waitFor(() =>
      expect(bodiesOf(PATHS.commitMyQuestionnaireV3)).toEqual([
        {
          language: 'en',
          answers: [
            { id: 'job', answerText: 'Nurse', file: '', radioOption: null },
            { id: 'purpose', answerText: 'Buying\nmonthly', file: '', radioOption: null },
            { id: 'funds', answerText: 'Other\nAn inheritance', file: '', radioOption: 'Other' },
            { id: 'proof', answerText: '', file: 'kyc/u1/abc/statement.pdf', radioOption: null },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Thank you: your answers were sent.')).toBeInTheDocument();
  });

  it('marks the questions the server names unanswered, and logs any other failure only, staying open', async () => {
    let refuse: 'incomplete' | 'down' = 'incomplete';
    const { user, bodiesOf } = openPage({
      [PATHS.myQuestionIds]: () => ({ questions: [{ questionId: 'job', questionGroup: GROUP }] }),
      [PATHS.commitMyQuestionnaireV3]: () => {
        if (refuse === 'incomplete') {
          const error = businessError(PATHS.commitMyQuestionnaireV3, 'QNR0000001', 'Answer every question: job');
          Object.assign(error, { data: { missingQuestionIds: 'job' } });
          throw error;
        }
        throw businessError(PATHS.commitMyQuestionnaireV3, '999999', 'Something went wrong');
      },
    });
    const line = await screen.findByLabelText('What is your occupation?');
    await user.type(line, 'Nurse');
    await user.click(screen.getByRole('button', { name: 'Submit the answers' }));
    await waitFor(() => expect(line).toHaveAttribute('aria-invalid', 'true'));
    expect(line).toHaveFocus();
    await user.type(line, '!');
    expect(line).not.toHaveAttribute('aria-invalid');
    refuse = 'down';
    await user.click(screen.getByRole('button', { name: 'Submit the answers' }));
    expect(await screen.findByText('Your answers were not sent. Please try again.')).toBeInTheDocument();
    expect(line).toHaveValue('Nurse!');
    expect(screen.getByRole('button', { name: 'Submit the answers' })).not.toHaveAttribute('aria-disabled');
    expect(bodiesOf(PATHS.commitMyQuestionnaireV3)).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() =>
      expect(
        (bodiesOf(PATHS.traceLog) as Array<{ events: Array<{ elementId: string; message: string }> }>).flatMap((b) => b.events),
      ).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ elementId: 'questionnaire.submitFailed', message: 'QuestionnaireIncomplete' }),
          expect.objectContaining({ elementId: 'questionnaire.submitFailed', message: 'UnexpectedError' }),
        ]),
      ),
    );
  });

  it('says when nothing is asked', async () => {
    openPage({ [PATHS.myQuestionIds]: () => ({ questions: [] }) });
    expect(await screen.findByText('No questions are waiting for you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/en/dashboard');
  });
});
