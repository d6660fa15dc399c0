import { PATHS } from '@causeway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newBusiness, uploadKyb } from '../../../test/kyb-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { createIdentityRepository } from '../identity/identity.repository.ts';
import { createPeople } from '../identity/people.ts';
import { createSubmittedDocuments } from '../uploads/index.ts';
import { DEMO_QUESTION_IDS } from './demo-questionnaire.ts';
import { createQuestionnaireRepository } from './questionnaire.repository.ts';
import { createQuestionnaireService, type QuestionnaireService } from './questionnaire.service.ts';

let t: IdentityTestApp;
/** The module's operator side (its face), on the app's own database. */
let operator: QuestionnaireService;

beforeAll(async () => {
  t = await createIdentityTestApp();
  operator = createQuestionnaireService({
    repository: createQuestionnaireRepository(t.db),
    people: createPeople(createIdentityRepository(t.db)),
    storage: {} as StorageProvider,
    uploads: createSubmittedDocuments(t.db),
    clock: t.clock,
    transaction: (work) => t.unitOfWork.transaction(work),
  });
});
afterAll(() => t.app.close());

const post = (headers: Record<string, string>, path: string, body: unknown = {}) =>
  call(t.app, 'POST', path, { headers, body: body as object });
const overviewFlag = async (headers: Record<string, string>) =>
  (await call(t.app, 'GET', PATHS.overview, { headers })).body.data.requireDynamicQuestionnaire as boolean;
const assignDemo = (email: string, questionIds?: string[]) =>
  t.app.inject({ method: 'POST', url: '/sandbox/questionnaire/assign', payload: { email, ...(questionIds ? { questionIds } : {}) } });
const storedOf = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/sandbox/questionnaire?email=${encodeURIComponent(email)}` })).json().assignments as Array<{
    questionIds: string[];
    answeredAt: string | null;
    answers: Array<{ questionId: string; answerText: string; files: string[]; radioOption: string | null }>;
  }>;

/** sign-upload (identity documents) and the PUT: the person's own file. */
async function upload(headers: Record<string, string>, name = 'payslip.pdf') {
  const signed = await post(headers, PATHS.signUpload, { s3FileName: name });
  const put = await t.app.inject({ method: 'PUT', url: signed.body.data.uploadTempUrl, payload: fakeFile('pdf') });
  expect(put.statusCode).toBe(200);
  return signed.body.data.filePath as string;
}

/** The demo questionnaire answered whole, in the v3 form (the radio choice prefixed to its extra text). */
const demoAnswers = (file: string) => [
  { id: 'demo-occupation', answerText: 'Nurse' },
  { id: 'demo-purpose', answerText: 'Buying a little bitcoin\neach month' },
  { id: 'demo-source-of-funds', answerText: 'Other\nAn inheritance', radioOption: 'Other' },
  { id: 'demo-proof-of-funds', file },
  { id: 'demo-pep', answerText: 'No', radioOption: 'No' },
];

describe('nothing asked', () => {
  it('lists no question, says so in the account info, and refuses answers', async () => {
    const { token } = await newIndividual(t, 'qnr-none@example.com');
    const headers = tokenHeaders(token);
    expect(await overviewFlag(headers)).toBe(false);
    expect((await post(headers, PATHS.myQuestionIds)).body.data).toEqual({ questions: [] });
    expect((await call(t.app, 'GET', PATHS.dynamicQuestionnaireQuery, { headers })).body.data).toEqual({
      requireDynamicQuestionnaire: false,
      questions: [],
      lastAnsweredAt: null,
    });
    expect((await call(t.app, 'GET', PATHS.additionalInfoList, { headers })).body.data).toEqual([]);
    const detail = await post(headers, PATHS.myQuestionDetail, { questionId: 'demo-occupation' });
    expect([detail.statusCode, detail.body.code]).toEqual([404, 'QNR0000003']);
    const commit = await post(headers, PATHS.commitMyQuestionnaireV3, { answers: [] });
    expect([commit.statusCode, commit.body.code]).toEqual([409, 'QNR0000002']);
    expect((await post({}, PATHS.myQuestionIds)).body.code).toBe('USER0000001');
  });
});

describe('the demo questionnaire, asked by the sandbox tool', () => {
  const email = 'qnr-demo@example.com';
  let headers: Record<string, string>;

  beforeAll(async () => {
    headers = tokenHeaders((await newIndividual(t, email)).token);
    const assigned = await assignDemo(email);
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json().assignment).toMatchObject({ questionIds: DEMO_QUESTION_IDS, assignedBy: 'sandbox', answeredAt: null });
  });

  it('sets requireDynamicQuestionnaire and lists the questions in order, each with its group', async () => {
    expect(await overviewFlag(headers)).toBe(true);
    const ids = (await post(headers, PATHS.myQuestionIds)).body.data.questions;
    expect(ids.map((q: { questionId: string }) => q.questionId)).toEqual(DEMO_QUESTION_IDS);
    expect(new Set(ids.map((q: { questionGroup: string }) => q.questionGroup))).toEqual(new Set(['demo-profile']));
    expect((await assignDemo('nobody@example.com')).statusCode).toBe(404);
  });

  it('shows a question in English or Chinese, its radio options with their extra questions', async () => {
    const en = await post(headers, PATHS.myQuestionDetail, {
      questionId: 'demo-source-of-funds',
      language: 'en',
      questionGroup: 'demo-profile',
    });
    expect(en.body.data).toEqual({
      id: 'demo-source-of-funds',
      questionText: 'Where does the money you buy crypto with come from?',
      additionDescription: null,
      answerType: 'RADIO',
      radioQuestionDetail: JSON.stringify([
        { option: 'Salary' },
        { option: 'Savings' },
        { option: 'Other', extraQuestionText: 'Where does it come from?' },
      ]),
      questionGroup: 'demo-profile',
    });
    const zh = await post(headers, PATHS.myQuestionDetail, { questionId: 'demo-occupation', language: 'zh-CN' });
    expect(zh.body.data).toMatchObject({ questionText: '您的职业是什么？', answerType: 'INPUT_LINE', radioQuestionDetail: null });
    // Without a language, the browser's.
    const browser = await call(t.app, 'POST', PATHS.myQuestionDetail, {
      headers: { ...headers, 'accept-language': 'zh-CN,zh;q=0.9' },
      body: { questionId: 'demo-purpose' },
    });
    expect(browser.body.data).toMatchObject({ answerType: 'INPUT_BAR', additionDescription: '几句话即可。' });
    const otherGroup = await post(headers, PATHS.myQuestionDetail, { questionId: 'demo-occupation', questionGroup: 'edd' });
    expect(otherGroup.body.code).toBe('QNR0000003');
    const bad = await post(headers, PATHS.myQuestionDetail, { questionId: '../x' });
    expect(bad.body.code).toBe('REQ0000400');

    expect(
      (await post(headers, PATHS.extraMyQuestion, { questionId: 'demo-source-of-funds', radioOption: 'Other', language: 'zh' })).body.data,
    ).toEqual({
      questionId: 'demo-source-of-funds',
      radioOption: 'Other',
      extraQuestionText: '资金来自哪里？',
    });
    expect(
      (await post(headers, PATHS.extraMyQuestion, { questionId: 'demo-source-of-funds', radioOption: '工资' })).body.data.extraQuestionText,
    ).toBe(null);
    expect((await post(headers, PATHS.extraMyQuestion, { questionId: 'demo-source-of-funds', radioOption: 'Lottery' })).body.code).toBe(
      'QNR0000004',
    );
  });

  it('refuses answers that leave a question unanswered, naming every one, and stores nothing', async () => {
    const file = await upload(headers);
    const none = await post(headers, PATHS.commitMyQuestionnaireV3, { answers: [] });
    expect([none.statusCode, none.body.code]).toEqual([400, 'QNR0000001']);
    expect(none.body.msg).toBe(`Answer every question: ${DEMO_QUESTION_IDS.join(', ')}`);
    expect(none.body.data).toEqual({ missingQuestionIds: DEMO_QUESTION_IDS.join(',') });

    // Blank text, an upload without a file, a choice whose extra question is unanswered.
    const answers = demoAnswers(file);
    const partly = await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: [
        { ...answers[0], answerText: '   ' },
        answers[1],
        { ...answers[2], answerText: 'Other\n ' },
        { id: 'demo-proof-of-funds', file: '' },
        answers[4],
      ],
    });
    expect(partly.body.code).toBe('QNR0000001');
    expect(partly.body.data.missingQuestionIds).toBe('demo-occupation,demo-source-of-funds,demo-proof-of-funds');
    // No choice at all.
    const noChoice = await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: [...answers.slice(0, 4), { id: 'demo-pep', answerText: '' }],
    });
    expect(noChoice.body.data.missingQuestionIds).toBe('demo-pep');

    // Answers that do not fit their question.
    const wrong = async (answer: object) =>
      (await post(headers, PATHS.commitMyQuestionnaireV3, { answers: [...answers.slice(0, 4), answer] })).body;
    expect((await wrong({ id: 'demo-pep', answerText: 'Maybe', radioOption: 'Maybe' })).code).toBe('QNR0000004');
    expect((await wrong({ id: 'demo-pep', answerText: 'Something\nelse', radioOption: 'Yes' })).msg).toBe(
      'demo-pep: answerText must begin with the chosen option and a newline',
    );
    expect((await wrong({ id: 'demo-pep', answerText: 'No\nbut', radioOption: 'No' })).code).toBe('QNR0000004');
    expect((await wrong({ id: 'demo-unknown', answerText: 'x' })).code).toBe('QNR0000004');
    expect((await wrong({ id: 'demo-occupation', answerText: 'again' })).msg).toBe('demo-occupation: answered twice');
    const lineWithFile = await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: [{ ...answers[0], file }, ...answers.slice(1)],
    });
    expect(lineWithFile.body.code).toBe('QNR0000004');
    const tooLong = await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: [{ ...answers[0], answerText: 'x'.repeat(201) }, ...answers.slice(1)],
    });
    expect(tooLong.body.msg).toBe('demo-occupation: at most 200 characters');

    const stored = await storedOf(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ answeredAt: null, answers: [] });
    expect(await overviewFlag(headers)).toBe(true);
  });

  it("refuses another person's files, and files never stored, storing nothing", async () => {
    const someoneElse = tokenHeaders((await newIndividual(t, 'qnr-other@example.com')).token);
    const theirs = await upload(someoneElse, 'their-statement.pdf');
    const answers = demoAnswers(theirs);
    const refused = await post(headers, PATHS.commitMyQuestionnaireV3, { answers });
    expect([refused.statusCode, refused.body.code]).toEqual([400, 'KYC0000002']);
    const mine = await upload(headers);
    const missing = `${mine.slice(0, mine.lastIndexOf('/'))}/never-uploaded.pdf`;
    const notStored = await post(headers, PATHS.commitMyQuestionnaireV3, { answers: demoAnswers(`${mine},${missing}`) });
    expect(notStored.body.code).toBe('UPL0000006');
    expect((await storedOf(email))[0]!.answers).toEqual([]);
    expect(await overviewFlag(headers)).toBe(true);
  });

  it('stores every answer at once, clears requireDynamicQuestionnaire, and takes no second answer', async () => {
    const file = await upload(headers);
    const committed = await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: demoAnswers(file),
      questionGroup: 'demo-profile',
      language: 'en',
    });
    expect([committed.statusCode, committed.body.data]).toEqual([200, { requireDynamicQuestionnaire: false }]);
    expect(await overviewFlag(headers)).toBe(false);
    const [stored] = await storedOf(email);
    expect(stored!.answeredAt).not.toBeNull();
    expect(stored!.answers).toEqual([
      expect.objectContaining({ questionId: 'demo-occupation', answerText: 'Nurse', files: [], radioOption: null }),
      expect.objectContaining({ questionId: 'demo-purpose', answerText: 'Buying a little bitcoin\neach month' }),
      expect.objectContaining({ questionId: 'demo-source-of-funds', answerText: 'Other\nAn inheritance', radioOption: 'Other' }),
      expect.objectContaining({ questionId: 'demo-proof-of-funds', answerText: '', files: [file] }),
      expect.objectContaining({ questionId: 'demo-pep', answerText: 'No', radioOption: 'No' }),
    ]);
    const again = await post(headers, PATHS.commitMyQuestionnaireV3, { answers: demoAnswers(file) });
    expect(again.body.code).toBe('QNR0000002');
    const query = (await call(t.app, 'GET', PATHS.dynamicQuestionnaireQuery, { headers })).body.data;
    expect(query).toMatchObject({ requireDynamicQuestionnaire: false, questions: [], lastAnsweredAt: stored!.answeredAt });
  });
});

describe('the other ways to answer', () => {
  it('commit/my-questionnaire (v1) takes a choice and its extra text apart, and stores them prefixed', async () => {
    const email = 'qnr-v1@example.com';
    const headers = tokenHeaders((await newIndividual(t, email)).token);
    await assignDemo(email, ['demo-source-of-funds', 'demo-pep']);
    const committed = await post(headers, PATHS.commitMyQuestionnaire, {
      answers: [
        { id: 'demo-source-of-funds', answerText: 'A prize', radioOption: 'Other' },
        { id: 'demo-pep', answerText: '', radioOption: 'No' },
      ],
    });
    expect(committed.body.data).toEqual({ requireDynamicQuestionnaire: false });
    expect((await storedOf(email))[0]!.answers.map((answer) => answer.answerText)).toEqual(['Other\nA prize', 'No']);
  });

  it('the additional-info list and submit, in Chinese, with the options as shown', async () => {
    const email = 'qnr-info@example.com';
    const headers = tokenHeaders((await newIndividual(t, email)).token);
    await assignDemo(email, ['demo-occupation', 'demo-source-of-funds']);
    const list = (await call(t.app, 'GET', PATHS.additionalInfoList, { headers, ...{} })).body.data;
    expect(list.map((question: { id: string }) => question.id)).toEqual(['demo-occupation', 'demo-source-of-funds']);
    const zh = await t.app.inject({ method: 'GET', url: `/prod-api${PATHS.additionalInfoList}?language=zh`, headers });
    expect(zh.json().data[1].radioQuestionDetail).toContain('其他');
    const submitted = await post(headers, PATHS.additionalInfoSubmit, [
      { id: 'demo-occupation', answerText: '护士' },
      { id: 'demo-source-of-funds', answerText: '其他\n遗产', radioOption: '其他' },
    ]);
    expect(submitted.body.data).toEqual({ requireDynamicQuestionnaire: false });
    expect((await storedOf(email))[0]!.answers.map((answer) => answer.answerText)).toEqual(['护士', '其他\n遗产']);
  });

  it('dynamic-questionnaire query and commit, for a business with its business documents', async () => {
    const email = 'qnr-business@example.com';
    const headers = await newBusiness(t, email);
    expect(await overviewFlag(headers)).toBe(false);
    await assignDemo(email, ['demo-proof-of-funds', 'demo-pep']);
    expect(await overviewFlag(headers)).toBe(true);
    const query = (await call(t.app, 'GET', PATHS.dynamicQuestionnaireQuery, { headers })).body.data;
    expect(query.requireDynamicQuestionnaire).toBe(true);
    expect(query.questions.map((question: { answerType: string }) => question.answerType)).toEqual(['UPLOAD', 'RADIO']);
    const file = await uploadKyb(t, headers, 'statement.pdf');
    const committed = await post(headers, PATHS.dynamicQuestionnaireCommit, {
      answers: [
        { id: 'demo-proof-of-funds', file },
        { id: 'demo-pep', answerText: 'Yes\nMayor of a small town', radioOption: 'Yes' },
      ],
    });
    expect(committed.body.data).toEqual({ requireDynamicQuestionnaire: false });
    expect(await overviewFlag(headers)).toBe(false);
  });
});

describe("the operator's side (the module's face)", () => {
  it('creates, changes and deactivates questions as data, checking each', async () => {
    const created = await operator.createQuestion({
      id: 'ops-employer',
      questionGroup: 'ops',
      answerType: 'INPUT_LINE',
      text: { en: 'Who is your employer?', zh: '您的雇主是谁？' },
      sortOrder: 5,
    });
    expect(created).toMatchObject({ id: 'ops-employer', active: true, options: null, description: null });
    await expect(operator.createQuestion({ ...created, id: 'ops-employer' } as never)).rejects.toMatchObject({
      errorName: 'MalformedRequest',
    });
    await expect(
      operator.createQuestion({ id: 'ops-employer', questionGroup: 'ops', answerType: 'INPUT_LINE', text: { en: 'Again', zh: '再次' } }),
    ).rejects.toMatchObject({ errorName: 'QuestionnaireQuestionExists' });
    await expect(
      operator.createQuestion({ id: 'ops-choice', questionGroup: 'ops', answerType: 'RADIO', text: { en: 'Pick', zh: '选' } }),
    ).rejects.toMatchObject({ errorName: 'MalformedRequest', message: 'options: a RADIO question needs 2 to 10 options' });
    await expect(
      operator.createQuestion({ id: 'ops-half', questionGroup: 'ops', answerType: 'INPUT_BAR', text: { en: 'Only English', zh: '' } }),
    ).rejects.toMatchObject({ message: expect.stringContaining('text.zh') });

    const { token, userId } = await newIndividual(t, 'qnr-ops@example.com');
    const headers = tokenHeaders(token);
    await operator.assign({ userId, questionIds: ['ops-employer', 'demo-pep'], assignedBy: 'compliance-1' });
    expect(await operator.isAsked(userId)).toBe(true);

    // A change of its text shows at once.
    const changed = await operator.updateQuestion('ops-employer', { text: { en: 'Who employs you?', zh: '谁雇用您？' } });
    // Only what the change names: the order stays.
    expect(changed).toMatchObject({ sortOrder: 5, questionGroup: 'ops', answerType: 'INPUT_LINE' });
    expect((await post(headers, PATHS.myQuestionDetail, { questionId: 'ops-employer' })).body.data.questionText).toBe('Who employs you?');
    // Options on a text question are refused, and nothing changes.
    await expect(
      operator.updateQuestion('ops-employer', { options: [{ option: { en: 'A', zh: '甲' } }, { option: { en: 'B', zh: '乙' } }] }),
    ).rejects.toMatchObject({ message: 'options: only a RADIO question has options' });
    await expect(operator.updateQuestion('ops-nope', { sortOrder: 1 })).rejects.toMatchObject({
      errorName: 'QuestionnaireQuestionUnknown',
    });

    // Deactivated: no longer asked; once none is left the account info stops asking.
    await operator.deactivateQuestion('ops-employer');
    expect((await post(headers, PATHS.myQuestionIds)).body.data.questions.map((q: { questionId: string }) => q.questionId)).toEqual([
      'demo-pep',
    ]);
    expect(await overviewFlag(headers)).toBe(true);
    expect((await operator.listQuestions()).some((question) => question.id === 'ops-employer')).toBe(false);
    expect((await operator.listQuestions({ includeInactive: true })).find((question) => question.id === 'ops-employer')?.active).toBe(
      false,
    );
    await expect(operator.assign({ userId, questionIds: ['ops-employer'], assignedBy: 'compliance-1' })).rejects.toMatchObject({
      errorName: 'QuestionnaireQuestionUnknown',
      details: { questionIds: 'ops-employer' },
    });
    await operator.updateQuestion('ops-employer', { active: true });
    await operator.deactivateQuestion('demo-pep');
    await operator.deactivateQuestion('ops-employer');
    expect(await overviewFlag(headers)).toBe(false);
    await operator.updateQuestion('demo-pep', { active: true });
    expect(await overviewFlag(headers)).toBe(true);
  });

  it('asks a questionnaire instead of the open one, and refuses answers given to the questions it replaced', async () => {
    const { token, userId } = await newIndividual(t, 'qnr-reassign@example.com');
    const headers = tokenHeaders(token);
    const first = await operator.assign({ userId, questionIds: ['demo-occupation'], assignedBy: 'compliance-1' });
    const second = await operator.assign({ userId, questionIds: ['demo-pep'], assignedBy: 'compliance-2' });
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ questionIds: ['demo-pep'], assignedBy: 'compliance-2' });
    const stale = await post(headers, PATHS.commitMyQuestionnaireV3, { answers: [{ id: 'demo-occupation', answerText: 'Nurse' }] });
    expect(stale.body.code).toBe('QNR0000004');
    await expect(operator.assign({ userId, questionIds: ['demo-pep', 'demo-pep'], assignedBy: 'x' })).rejects.toMatchObject({
      errorName: 'MalformedRequest',
    });
    await expect(operator.assign({ userId: 'usr_nobody', questionIds: ['demo-pep'], assignedBy: 'x' })).rejects.toMatchObject({
      errorName: 'MalformedRequest',
    });
    expect(await operator.assignmentsOf(userId)).toHaveLength(1);
  });
});

describe('at once', () => {
  it('two assignments make one open questionnaire; two submissions store one answer, the other refused', async () => {
    const email = 'qnr-race@example.com';
    const { token, userId } = await newIndividual(t, email);
    const headers = tokenHeaders(token);
    const [first, second] = await Promise.all([
      operator.assign({ userId, questionIds: ['demo-occupation'], assignedBy: 'compliance-1' }),
      operator.assign({ userId, questionIds: ['demo-occupation', 'demo-purpose'], assignedBy: 'compliance-2' }),
    ]);
    expect(first.id).toBe(second.id);
    expect(await operator.assignmentsOf(userId)).toHaveLength(1);
    await operator.assign({ userId, questionIds: ['demo-occupation'], assignedBy: 'compliance-1' });

    const body = { answers: [{ id: 'demo-occupation', answerText: 'Nurse' }] };
    const answered = await Promise.all([
      post(headers, PATHS.commitMyQuestionnaireV3, body),
      post(headers, PATHS.commitMyQuestionnaireV3, body),
    ]);
    expect(answered.map((result) => result.body.code).sort()).toEqual(['000000', 'QNR0000002']);
    const [stored] = await storedOf(email);
    expect(stored!.answers).toHaveLength(1);
    expect(await overviewFlag(headers)).toBe(false);
  });
});
