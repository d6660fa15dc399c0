import { PATHS } from '@causeway/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ApiError } from '@/lib/http-errors';
import { formatDateTime } from '@/lib/date-format';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { loadDialogShell } from '@/ui';
import { riskStep } from '../risk-test-kit';
import { RiskReminderPage } from './risk-reminder-page';

// The dialog's chunk is there already, as once a page has been idle (opening before it arrives is
// ui/lazy-dialog-shell.test.tsx's).
beforeAll(async () => {
  await loadDialogShell();
});

const RESULT = { outcome: 'PASS' as const, score: 6, passMark: 5, maxScore: 6, concerns: [], answeredAt: '2026-11-21T12:00:00.000Z' };

function open(check: Responder, routes: Record<string, Responder> = {}, url = '/en/risk-reminder?next=card-buy-sell') {
  const fake = routedHttpClient({ [PATHS.riskSurveyCheck]: check, ...routes });
  renderPage(<RiskReminderPage />, { path: '/:lng/risk-reminder', url, client: fake.client });
  return { ...fake, user: userEvent.setup() };
}

describe('risk-reminder: the appropriateness test, step by step (docs/rules/appropriateness.md)', () => {
  it('explains the test, then the declaration: each move names the stage shown, and focus goes to the new heading', async () => {
    const { user, bodiesOf } = open(() => riskStep('RISK_WARING_OK'), {
      [PATHS.riskSurveyContinue]: () => riskStep('AGREEMENT'),
      [PATHS.riskSurveyAgreement]: () => riskStep('QUESTIONS'),
    });
    expect(await screen.findByRole('heading', { name: 'A short test before your first trade' })).toBeInTheDocument();
    expect(screen.getByText(/You answer 7 questions .* You pass with 5 of 6 points\./)).toBeInTheDocument();
    expect(screen.getByText(/After 3 failed attempts your account is closed for trading\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Start the test/ }));
    const declaration = await screen.findByRole('heading', { name: 'Before the questions' });
    expect(declaration).toHaveFocus();
    expect(bodiesOf(PATHS.riskSurveyContinue)).toEqual([{ stage: 'RISK_WARING_OK' }]);

    await user.click(screen.getByRole('button', { name: /See the questions/ }));
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /I will answer the questions myself/ }));
    await user.click(screen.getByRole('button', { name: /See the questions/ }));
    expect(await screen.findByRole('heading', { name: 'Your appropriateness test' })).toHaveFocus();
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([
      expect.objectContaining({ agree: true, stage: 'AGREEMENT', version: '20250601', viewTime: expect.any(Number) }),
    ]);
  });

  it('questions are radio groups; unanswered ones are marked and announced, and focus goes to the first', async () => {
    const { user, bodiesOf } = open(() => riskStep('QUESTIONS'), {
      [PATHS.riskSurveyAnswer]: () => riskStep('CONFIRMATION', { result: RESULT, attempt: 1 }),
    });
    const first = await screen.findByRole('group', { name: /How do crypto-asset prices usually move\?/ });
    const second = screen.getByRole('group', { name: /deposit guarantee/ });
    expect(within(first).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText('Attempt 1 of 3')).toBeInTheDocument();

    await user.click(within(second).getByRole('radio', { name: 'No.' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer every question to continue. Questions left: 1.');
    expect(first).toHaveAccessibleDescription('Choose an answer.');
    expect(second).not.toHaveAccessibleDescription();
    expect(within(first).getAllByRole('radio')[0]).toHaveFocus();
    expect(bodiesOf(PATHS.riskSurveyAnswer)).toEqual([]);

    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { name: 'You passed' })).toBeInTheDocument();
    expect(bodiesOf(PATHS.riskSurveyAnswer)).toEqual([
      {
        attempt: 1,
        answers: [
          { questionId: 'volatility', optionId: 'volatility-c' },
          { questionId: 'protection', optionId: 'protection-b' },
        ],
      },
    ]);
    expect(screen.getByText('You scored 6 of 6. The pass mark is 5.')).toBeInTheDocument();
  });

  it('a zh page shows the questions in Chinese', async () => {
    open(() => riskStep('QUESTIONS'), {}, '/zh/risk-reminder?next=card-buy-sell');
    expect(await screen.findByRole('group', { name: /加密资产的价格通常如何变动/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '不受保护。' })).toBeInTheDocument();
  });

  it('passed: the result, then the signed confirmation, then the trade page', async () => {
    const { user, bodiesOf } = open(() => riskStep('CONFIRMATION', { result: RESULT, attempt: 1 }), {
      [PATHS.riskSurveyContinue]: () => riskStep('CONFIRMATION_SIGN', { result: RESULT, attempt: 1 }),
      [PATHS.riskSurveyAgreement]: () => riskStep('OK'),
    });
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Confirm and sign' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: /these answers are mine and true/ }));
    await user.click(screen.getByRole('button', { name: /Sign and continue/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/card-buy-sell');
    expect(bodiesOf(PATHS.riskSurveyContinue)).toEqual([{ stage: 'CONFIRMATION' }]);
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([expect.objectContaining({ stage: 'CONFIRMATION_SIGN', version: '20250601' })]);
  });

  it('a concern: going on knowingly, or ending the application (asked again) for the block notice, AC100006', async () => {
    const concern = { result: { ...RESULT, outcome: 'CONCERN' as const, concerns: ['loss-capacity'] }, attempt: 1 };
    const { user, bodiesOf } = open(() => riskStep('ANSWER_WAIT', concern), {
      [PATHS.riskSurveyTerminate]: () => riskStep('TERMINATED', { ...concern, blockReason: 'AC100006' }),
    });
    expect(await screen.findByRole('heading', { name: 'Crypto-assets may not be right for you' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I understand the risks and want to continue' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End my application' }));
    const dialog = await screen.findByRole('dialog', { name: 'End your application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(bodiesOf(PATHS.riskSurveyTerminate)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'End my application' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End application' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/user-blocked?code=AC100006');
    expect(bodiesOf(PATHS.riskSurveyTerminate)).toEqual([{ stage: 'ANSWER_WAIT' }]);
  });

  it('the cooling-off says when it ends and offers no retry; once it ended, the test may be taken again', async () => {
    const silentUntil = '2026-11-22T12:00:00.000Z';
    const failed = { result: { ...RESULT, outcome: 'FAIL' as const, score: 4 }, attempt: 1, failures: 1, silentUntil };
    open(() => riskStep('IN_SILENT', failed));
    expect(await screen.findByRole('heading', { name: 'You did not pass this time' })).toBeInTheDocument();
    expect(screen.getByText(`You can take the test again from ${formatDateTime(silentUntil, 'en')}.`)).toBeInTheDocument();
    expect(screen.getByText('Attempts left after this wait: 2.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /test again/ })).toBeNull();
  });

  it('after the cooling-off: Take the test again goes back to the declaration', async () => {
    const { user, bodiesOf } = open(() => riskStep('AFTER_SILENT', { attempt: 1, failures: 1 }), {
      [PATHS.riskSurveyContinue]: () => riskStep('AGREEMENT', { attempt: 1, failures: 1 }),
    });
    expect(await screen.findByText('Attempts left: 2.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Take the test again/ }));
    expect(await screen.findByRole('heading', { name: 'Before the questions' })).toBeInTheDocument();
    expect(bodiesOf(PATHS.riskSurveyContinue)).toEqual([{ stage: 'AFTER_SILENT' }]);
  });

  it('a retry refused during the cooling-off says when it ends', async () => {
    const silentUntil = '2026-11-22T12:00:00.000Z';
    const { user } = open(() => riskStep('AFTER_SILENT', { failures: 1 }), {
      [PATHS.riskSurveyContinue]: () => {
        throw new ApiError({ kind: 'business', path: PATHS.riskSurveyContinue, code: 'RSK0000002', msg: 'x', data: { silentUntil } });
      },
    });
    await user.click(await screen.findByRole('button', { name: /Take the test again/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`You can take the test again from ${formatDateTime(silentUntil, 'en')}.`);
  });

  it('a step that moved on elsewhere: the page asks again and shows where the test is now', async () => {
    let current = riskStep('CONFIRMATION', { result: RESULT, attempt: 1 });
    const { user } = open(() => current, {
      [PATHS.riskSurveyContinue]: () => {
        current = riskStep('CONFIRMATION_SIGN', { result: RESULT, attempt: 1 });
        throw businessError(PATHS.riskSurveyContinue, 'RSK0000001', 'moved');
      },
    });
    await user.click(await screen.findByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Confirm and sign' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This step has moved on, perhaps in another tab. This is where you are now.');
  });

  it('unavailable: says so, with the way back', async () => {
    open(() => riskStep('UNAVAILABLE', { testVersion: null }));
    expect(await screen.findByRole('heading', { name: 'The test is not available right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/en/dashboard');
  });

  it('the test ended already (three failures): the block notice with AC100007', async () => {
    open(() => riskStep('ANSWER_FAIL', { failures: 3, blockReason: 'AC100007' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/user-blocked?code=AC100007');
  });
});
