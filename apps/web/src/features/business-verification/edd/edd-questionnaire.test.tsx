import { PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { kybInfo } from '@/test/account-overview';
import { loadDialogShell } from '@/ui';
import { completeApplication, eddQuestionnaire, kybServer, openKybPage } from '../kyb-test-kit';
import { KybStatusPage } from '../routes/kyb-status-page';
import { eddAnswerOf, eddDraftOf, isAnswered, radioAnswerText, radioChoicesOf } from './edd-answers';

const EDD_ASKED = completeApplication({
  editable: false,
  ownershipThresholdPercent: 10,
  kybInfo: kybInfo({ kybStandardStatus: 'Initial', eddStatus: null }),
});
const [LINE, RADIO] = eddQuestionnaire().questions as [
  ReturnType<typeof eddQuestionnaire>['questions'][number],
  ReturnType<typeof eddQuestionnaire>['questions'][number],
];

beforeAll(async () => {
  await loadDialogShell();
});

describe('EDD answers (spec §5 questionnaire)', () => {
  it('reads radioQuestionDetail safely: a broken detail offers no choice', () => {
    expect(radioChoicesOf(RADIO.radioQuestionDetail)).toEqual([{ option: 'Yes', extraQuestionText: 'Which ones?' }, { option: 'No' }]);
    expect(radioChoicesOf('not json')).toEqual([]);
    expect(radioChoicesOf('[{"label":"Yes"}]')).toEqual([]);
  });

  it('prefixes the choice to the extra text with a newline, and reads it back', () => {
    expect(radioAnswerText('Yes', 'Bitstamp')).toBe('Yes\nBitstamp');
    expect(radioAnswerText('No', undefined)).toBe('No');
    const draft = eddDraftOf(RADIO, { id: 'q2', answerText: 'Yes\nBitstamp', file: '', radioOption: 'Yes' });
    expect(draft).toMatchObject({ option: 'Yes', extra: 'Bitstamp' });
    expect(eddAnswerOf(RADIO, draft)).toEqual({ id: 'q2', answerText: 'Yes\nBitstamp', file: '', radioOption: 'Yes' });
  });

  it('answered: text non-empty, a choice and its extra text, an upload with a file', () => {
    const empty = eddDraftOf(LINE, undefined);
    expect(isAnswered(LINE, { ...empty, text: '  ' })).toBe(false);
    expect(isAnswered(LINE, { ...empty, text: 'Cafés' })).toBe(true);
    expect(isAnswered(RADIO, { ...empty, option: 'Yes' })).toBe(false);
    expect(isAnswered(RADIO, { ...empty, option: 'No' })).toBe(true);
    const upload = { ...LINE, answerType: 'UPLOAD' as const };
    expect(isAnswered(upload, empty)).toBe(false);
    const stored = eddDraftOf(upload, { id: 'q1', answerText: '', file: 'kyb/u1/a.pdf,kyb/u1/b.pdf', radioOption: null });
    expect(eddAnswerOf(upload, stored)).toEqual({ id: 'q1', answerText: '', file: 'kyb/u1/a.pdf,kyb/u1/b.pdf', radioOption: null });
  });
});

describe('the EDD questionnaire', { timeout: 15_000 }, () => {
  it('marks what is unanswered and blocks submit; answers are saved as the person goes; then submits every answer', async () => {
    const { user, bodiesOf } = openKybPage(<KybStatusPage />, 'corporation-portal/kyb-status', kybServer({ application: EDD_ASKED }));
    const customers = await screen.findByLabelText('Who are your main customers?');
    const submit = screen.getByRole('button', { name: 'Submit the answers' });
    await user.click(submit);
    expect(screen.getByText('Answer every question before you submit (2 left).')).toBeInTheDocument();
    expect(customers).toHaveAccessibleDescription('Answer this question');
    expect(customers).toHaveFocus();
    const choice = screen.getByRole('group', { name: 'Do you work with other crypto businesses?' });
    expect(choice).toHaveAccessibleDescription('Answer this question');
    expect(bodiesOf(PATHS.kybEddSubmitAll)).toEqual([]);

    await user.click(customers);
    await user.paste('Coffee shops');
    await user.tab();
    await waitFor(() =>
      expect(bodiesOf(PATHS.kybQuestionnaireCommit)).toEqual([
        { answers: [{ id: 'q1', answerText: 'Coffee shops', file: '', radioOption: null }] },
      ]),
    );
    await user.click(within(choice).getByRole('radio', { name: 'Yes' }));
    const which = await screen.findByLabelText('Which ones?');
    expect(which).toHaveAccessibleDescription('Answer this question');
    await user.click(submit);
    expect(bodiesOf(PATHS.kybEddSubmitAll)).toEqual([]);
    expect(screen.getByText('Answer every question before you submit (1 left).')).toBeInTheDocument();

    await user.click(which);
    await user.paste('Bitstamp');
    await user.tab();
    await user.click(submit);
    await waitFor(() =>
      expect(bodiesOf(PATHS.kybEddSubmitAll)).toEqual([
        {
          answers: [
            { id: 'q1', answerText: 'Coffee shops', file: '', radioOption: null },
            { id: 'q2', answerText: 'Yes\nBitstamp', file: '', radioOption: 'Yes' },
          ],
        },
      ]),
    );
    expect(bodiesOf(PATHS.kybQuestionnaireCommit)).toContainEqual({
      answers: [{ id: 'q2', answerText: 'Yes\nBitstamp', file: '', radioOption: 'Yes' }],
    });
  });
});
