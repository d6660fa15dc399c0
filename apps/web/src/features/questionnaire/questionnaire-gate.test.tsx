import { type AccountOverview, PATHS } from '@causeway/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '@/lib/session';
import { storage } from '@/lib/storage';
import { accountOverview } from '@/test/account-overview';
import { renderPage } from '@/test/render';
import { type Responder, routedHttpClient } from '@/test/routed-http-client';
import { loadDialogShell } from '@/ui';
import QuestionnaireGate from './questionnaire-gate';
import { doneCheckOf, QUESTIONNAIRE_DONE_CHECK_KEY } from './questionnaire-trigger';

const SIGNED_IN = { isLogin: true, email: 'ann@example.com', userType: 'Individual', mode: 'individual', targetEntityTag: null };
const ASKED = accountOverview({ requireDynamicQuestionnaire: true }, { kycStatus: 'Pass' });
const TOKEN = 'session-token-1';
const LINE = {
  id: 'job',
  questionText: 'What is your occupation?',
  additionDescription: null,
  answerType: 'INPUT_LINE' as const,
  radioQuestionDetail: null,
  questionGroup: 'profile',
};

function open(overview: AccountOverview = ASKED, routes: Record<string, Responder> = {}, url = '/en/dashboard') {
  const fake = routedHttpClient({
    [PATHS.checkLoginStatus]: () => SIGNED_IN,
    [PATHS.overview]: () => overview,
    [PATHS.myQuestionIds]: () => ({ questions: [{ questionId: 'job', questionGroup: 'profile' }] }),
    [PATHS.myQuestionDetail]: () => LINE,
    [PATHS.commitMyQuestionnaireV3]: () => ({ requireDynamicQuestionnaire: false }),
    [PATHS.traceLog]: () => null,
    ...routes,
  });
  const view = renderPage(
    <>
      <h1>Page</h1>
      <QuestionnaireGate />
    </>,
    { path: '/:lng/*', url, client: fake.client },
  );
  return { ...fake, ...view, user: userEvent.setup() };
}

const dialog = () => screen.findByRole('dialog', { name: 'A few more questions' }, { timeout: 5_000 });

beforeAll(async () => {
  await loadDialogShell();
});
beforeEach(async () => {
  await createSessionStore().setToken('individual', { token: TOKEN, validTime: Date.now() + 3_600_000 });
});
afterEach(() => {
  storage.removeItem(QUESTIONNAIRE_DONE_CHECK_KEY);
  createSessionStore().clearToken('individual');
});

describe('the questionnaire dialog (spec §4 trigger)', { timeout: 15_000 }, () => {
  it('opens when a questionnaire is due, with its questions', async () => {
    open();
    const shown = await dialog();
    expect(within(shown).getByText('We need a little more information about you. Answer every question, then submit.')).toBeInTheDocument();
    expect(await within(shown).findByLabelText('What is your occupation?', {}, { timeout: 3_000 })).toBeInTheDocument();
  });

  it('closed, stores the session token’s doneCheck and stays closed for that token', async () => {
    const { user, bodiesOf } = open();
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storage.getItem(QUESTIONNAIRE_DONE_CHECK_KEY)).toBe(doneCheckOf(TOKEN));
    expect(bodiesOf(PATHS.commitMyQuestionnaireV3)).toEqual([]);
  });

  it('does not open again for the token that closed it, and opens for a new one', async () => {
    storage.setItem(QUESTIONNAIRE_DONE_CHECK_KEY, doneCheckOf(TOKEN));
    const first = open();
    await waitFor(() => expect(first.bodiesOf(PATHS.overview)).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first.bodiesOf(PATHS.myQuestionIds)).toEqual([]);
    first.unmount();
    await createSessionStore().setToken('individual', { token: 'session-token-2', validTime: Date.now() + 3_600_000 });
    open();
    expect(await dialog()).toBeInTheDocument();
  });

  it('answered, closes and asks the account info again', async () => {
    const { user, bodiesOf } = open();
    const shown = await dialog();
    await user.type(await within(shown).findByLabelText('What is your occupation?', {}, { timeout: 3_000 }), 'Nurse');
    await user.click(within(shown).getByRole('button', { name: 'Submit the answers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(PATHS.commitMyQuestionnaireV3)).toEqual([
      { language: 'en', answers: [{ id: 'job', answerText: 'Nurse', file: '', radioOption: null }] },
    ]);
    await waitFor(() => expect(bodiesOf(PATHS.overview).length).toBeGreaterThanOrEqual(2));
  });

  it('opens nothing when not due, on an excluded page, or when the questions fail to load', async () => {
    const notAsked = open(accountOverview({ requireDynamicQuestionnaire: false }));
    await waitFor(() => expect(notAsked.bodiesOf(PATHS.overview)).toHaveLength(1));
    notAsked.unmount();
    const unverified = open(accountOverview({ requireDynamicQuestionnaire: true }, { kycStatus: 'Initial' }));
    await waitFor(() => expect(unverified.bodiesOf(PATHS.overview)).toHaveLength(1));
    unverified.unmount();
    const excluded = open(ASKED, {}, '/en/account-status');
    await waitFor(() => expect(excluded.bodiesOf(PATHS.overview)).toHaveLength(1));
    excluded.unmount();
    for (const view of [notAsked, unverified, excluded]) expect(view.bodiesOf(PATHS.myQuestionIds)).toEqual([]);

    const failing = open(ASKED, {
      [PATHS.myQuestionIds]: () => {
        throw new Error('down');
      },
    });
    await waitFor(() => expect(failing.bodiesOf(PATHS.myQuestionIds)).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // A failure is no answer: nothing is stored, the next page load asks again.
    expect(storage.getItem(QUESTIONNAIRE_DONE_CHECK_KEY)).toBeUndefined();
  });
});
