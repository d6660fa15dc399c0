import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Responder } from '@/test/routed-http-client';
import { openDeskAt } from '../desk-test-kit';

// docs/rules/operator-desk.md "Questionnaires": the screen on a mocked server.

const AT = '2026-03-01T10:00:00.000Z';
const QUESTION = {
  id: 'funds',
  questionGroup: 'profile',
  answerType: 'RADIO' as const,
  text: { en: 'Where does your money come from?', zh: '您的资金来自哪里？' },
  description: null,
  options: [
    { option: { en: 'Salary', zh: '工资' }, extraQuestion: null },
    { option: { en: 'Other', zh: '其他' }, extraQuestion: null },
  ],
  sortOrder: 1,
  active: true,
  createdAt: AT,
  updatedAt: AT,
};
const ANSWERED = {
  id: 'qna_1',
  userId: 'usr_ann',
  questionIds: ['funds', 'proof'],
  assignedBy: 'desk-compliance@causeway.test',
  assignedAt: AT,
  answeredAt: '2026-03-02T10:00:00.000Z',
  review: null,
  answers: [
    { questionId: 'funds', questionText: 'Where does your money come from?', answerText: 'Salary', files: [], radioOption: 'Salary' },
    { questionId: 'proof', questionText: 'A payslip', answerText: '', files: ['kyc/usr_ann/payslip.pdf'], radioOption: null },
  ],
};
const IN_SILENT = {
  userId: 'usr_ann',
  record: {
    userId: 'usr_ann',
    stage: 'IN_SILENT' as const,
    attempts: 1,
    failures: 1,
    silentUntil: '2026-03-03T10:00:00.000Z',
    passedAt: null,
    endedReason: null,
    attemptsMade: [
      {
        number: 1,
        testVersion: '20250601',
        startedAt: AT,
        answeredAt: AT,
        score: 4,
        passMark: 5,
        maxScore: 6,
        outcome: 'FAIL' as const,
        answers: [
          {
            questionId: 'loss',
            prompt: { en: 'Could you lose it all?', zh: '会全部亏损吗？' },
            optionId: 'loss-a',
            option: { en: 'No', zh: '不会' },
            points: 0,
            concern: false,
          },
        ],
      },
    ],
    events: [{ fromStage: 'QUESTIONS', toStage: 'IN_SILENT', actor: 'person', detail: null, at: AT }],
  },
};

function openScreen(role: 'compliance' | 'admin', routes: Record<string, Responder> = {}) {
  return openDeskAt('/en/desk/questionnaires', role, {
    [PATHS.deskQuestions]: () => ({ questions: [QUESTION] }),
    [PATHS.deskQuestionnairesWaiting]: () => ({ questionnaires: [{ ...ANSWERED, email: 'ann@example.com' }] }),
    [PATHS.deskQuestionnairesOf]: () => ({ userId: 'usr_ann', email: 'ann@example.com', asked: false, questionnaires: [ANSWERED] }),
    [PATHS.deskAppropriateness]: () => IN_SILENT,
    ...routes,
  });
}

describe('the Questionnaires screen', () => {
  it("opens a waiting person's answers, asks again only with a note, and asks new questions", async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('compliance', {
      [PATHS.deskQuestionnaireDecide]: (body: { decision: string; note: string }) => ({
        ...ANSWERED,
        review: { outcome: 'asked-again', note: body.note, reviewedBy: 'desk-compliance@causeway.test', reviewedAt: AT },
      }),
      [PATHS.deskQuestionnaireAssign]: (body: { questionIds: string[] }) => ({
        ...ANSWERED,
        id: 'qna_2',
        questionIds: body.questionIds,
        answeredAt: null,
        answers: [],
      }),
    });
    const menu = await screen.findByRole('navigation', { name: 'Desk sections' });
    expect(within(menu).getByRole('link', { name: 'Questionnaires' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaires' })).toBeInTheDocument();
    // Compliance reads the bank but changes none of it.
    expect(await screen.findByText('Every question in English and Chinese. Only an admin changes them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New question' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Open the questionnaires of ann@example.com' }));
    expect(await screen.findByText('Answered: waiting for a decision')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download payslip.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Ask the same questions again' }));
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Say why the questions are asked again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Why (required to ask again)')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.bodiesOf(PATHS.deskQuestionnaireDecide)).toEqual([]);
    await user.type(screen.getByLabelText('Why (required to ask again)'), 'Payslip unreadable');
    await user.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() =>
      expect(fake.bodiesOf(PATHS.deskQuestionnaireDecide)).toEqual([
        { assignmentId: 'qna_1', decision: 'ask-again', note: 'Payslip unreadable' },
      ]),
    );

    const ask = screen.getByRole('group', { name: 'Ask this person' });
    await user.click(screen.getByRole('button', { name: 'Ask these questions' }));
    expect(await screen.findByText('Choose at least one question.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('checkbox', { name: /Where does your money come from\?/ }));
    await user.click(screen.getByRole('button', { name: 'Ask these questions' }));
    await waitFor(() => expect(fake.bodiesOf(PATHS.deskQuestionnaireAssign)).toEqual([{ userId: 'usr_ann', questionIds: ['funds'] }]));
    expect(await screen.findByText('The questions are asked (1).')).toBeInTheDocument();
  });

  it('ends a cooling-off only with a reason, after asking once more', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('compliance', {
      [PATHS.deskAppropriatenessEndCoolingOff]: () => ({ userId: 'usr_ann', record: { ...IN_SILENT.record, stage: 'AFTER_SILENT' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Open the questionnaires of ann@example.com' }));
    expect(await screen.findByText('Failed: cooling-off')).toBeInTheDocument();
    expect(screen.getByText(/Could you lose it all\?: No/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'End the cooling-off' }));
    expect(await screen.findByText('Give a reason first.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Why the cooling-off ends now'), 'Misread a question');
    await user.click(screen.getByRole('button', { name: 'End the cooling-off' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the cooling-off now?' });
    expect(fake.bodiesOf(PATHS.deskAppropriatenessEndCoolingOff)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'End it' }));
    await waitFor(() =>
      expect(fake.bodiesOf(PATHS.deskAppropriatenessEndCoolingOff)).toEqual([{ userId: 'usr_ann', reason: 'Misread a question' }]),
    );
    expect(await screen.findByText('Cooling-off over')).toBeInTheDocument();
  });

  it('lets an admin write a question in English and Chinese, and deactivate one', async () => {
    const user = userEvent.setup();
    const { fake } = openScreen('admin', {
      [PATHS.deskQuestionCreate]: (body: typeof QUESTION) => ({ ...QUESTION, ...body, active: true, createdAt: AT, updatedAt: AT }),
      [PATHS.deskQuestionActive]: (body: { id: string; active: boolean }) => ({ ...QUESTION, active: body.active }),
    });
    await user.click(await screen.findByRole('button', { name: 'New question' }));
    const form = screen.getByRole('form', { name: 'New question' });
    await user.type(within(form).getByLabelText('Question id (letters, digits, _ and -)'), 'pep');
    await user.type(within(form).getByLabelText('Group'), 'profile');
    await user.selectOptions(within(form).getByLabelText('Answer type'), 'RADIO');
    await user.type(within(form).getByLabelText('Question (English)'), 'Are you a politically exposed person?');
    await user.type(within(form).getByLabelText('Question (Chinese)'), '您是政治公众人物吗？');
    await user.type(within(form).getByLabelText('Option 1 (English)'), 'Yes');
    await user.type(within(form).getByLabelText('Option 1 (Chinese)'), '是');
    await user.type(within(form).getByLabelText('Option 1: extra question (English, optional)'), 'Which office?');
    await user.type(within(form).getByLabelText('Option 1: extra question (Chinese, optional)'), '哪个职位？');
    await user.type(within(form).getByLabelText('Option 2 (English)'), 'No');
    await user.type(within(form).getByLabelText('Option 2 (Chinese)'), '否');
    await user.click(within(form).getByRole('button', { name: 'Create the question' }));
    await waitFor(() =>
      expect(fake.bodiesOf(PATHS.deskQuestionCreate)).toEqual([
        {
          id: 'pep',
          questionGroup: 'profile',
          answerType: 'RADIO',
          text: { en: 'Are you a politically exposed person?', zh: '您是政治公众人物吗？' },
          description: null,
          options: [
            { option: { en: 'Yes', zh: '是' }, extraQuestion: { en: 'Which office?', zh: '哪个职位？' } },
            { option: { en: 'No', zh: '否' }, extraQuestion: null },
          ],
          sortOrder: 0,
        },
      ]),
    );
    expect(await screen.findByText('pep saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate funds' }));
    await waitFor(() => expect(fake.bodiesOf(PATHS.deskQuestionActive)).toEqual([{ id: 'funds', active: false }]));
    expect(await screen.findByText('funds is no longer asked.')).toBeInTheDocument();
  });
});
