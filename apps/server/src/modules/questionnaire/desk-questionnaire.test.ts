import { PATHS } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskSignIn, type DemoRole } from '../../../test/desk-helpers.ts';
import { call, createIdentityTestApp, type IdentityTestApp, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { operatorAuditLog, questionnaireQuestions } from '../../db/schema/index.ts';

// docs/rules/operator-desk.md "Questionnaires" and docs/rules/questionnaire.md "Deciding the answers": the desk's
// calls of the question bank, asking a person, their answers and the decision on them; each change audited.

let t: IdentityTestApp;
const tokens = {} as Record<DemoRole, string>;
beforeAll(async () => {
  t = await createIdentityTestApp();
  for (const role of ['support', 'compliance', 'admin'] as const) tokens[role] = await deskSignIn(t, role);
});
afterAll(() => t.app.close());

const desk = (role: DemoRole, method: 'GET' | 'POST', path: string, options: { body?: object; query?: Record<string, string> } = {}) =>
  deskCall(t.app, method, path, tokens[role], options);
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.targetId, targetId)));
const post = (headers: Record<string, string>, path: string, body: object = {}) => call(t.app, 'POST', path, { headers, body });
const askedIds = async (headers: Record<string, string>) =>
  ((await post(headers, PATHS.myQuestionIds)).body.data.questions as Array<{ questionId: string }>).map((q) => q.questionId);

const FUNDS = {
  id: 'desk-funds',
  questionGroup: 'desk-test',
  answerType: 'RADIO',
  text: { en: 'Where does your money come from?', zh: '您的资金来自哪里？' },
  description: null,
  options: [
    { option: { en: 'Salary', zh: '工资' }, extraQuestion: null },
    { option: { en: 'Other', zh: '其他' }, extraQuestion: { en: 'Tell us more', zh: '请详细说明' } },
  ],
  sortOrder: 1,
};
const PROOF = {
  id: 'desk-proof',
  questionGroup: 'desk-test',
  answerType: 'UPLOAD',
  text: { en: 'A payslip, please', zh: '请上传工资单' },
  description: { en: 'PDF or photo', zh: 'PDF 或照片' },
  sortOrder: 2,
};

describe('the question bank', () => {
  it('is changed by an admin only, each change audited; bad input is a 400 that changes nothing', async () => {
    const refused = await desk('compliance', 'POST', PATHS.deskQuestionCreate, { body: FUNDS });
    expect([refused.statusCode, refused.body.code]).toEqual([403, 'DSK0000004']);

    const noZh = await desk('admin', 'POST', PATHS.deskQuestionCreate, { body: { ...FUNDS, text: { en: 'Only English' } } });
    expect([noZh.statusCode, noZh.body.code]).toEqual([400, 'REQ0000400']);
    const oneOption = await desk('admin', 'POST', PATHS.deskQuestionCreate, { body: { ...FUNDS, options: FUNDS.options.slice(0, 1) } });
    expect([oneOption.statusCode, oneOption.body.code]).toEqual([400, 'REQ0000400']);
    expect(await t.db.select().from(questionnaireQuestions).where(eq(questionnaireQuestions.id, FUNDS.id))).toEqual([]);
    expect(await auditOf('questionnaire.question-create', FUNDS.id)).toEqual([]);

    const created = await desk('admin', 'POST', PATHS.deskQuestionCreate, { body: FUNDS });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({ id: FUNDS.id, active: true, text: FUNDS.text, options: FUNDS.options });
    expect(await auditOf('questionnaire.question-create', FUNDS.id)).toMatchObject([{ outcome: 'done', targetType: 'question' }]);
    expect((await desk('admin', 'POST', PATHS.deskQuestionCreate, { body: PROOF })).statusCode).toBe(200);
    const twice = await desk('admin', 'POST', PATHS.deskQuestionCreate, { body: FUNDS });
    expect([twice.statusCode, twice.body.code]).toEqual([409, 'QNR0000005']);

    const edited = await desk('admin', 'POST', PATHS.deskQuestionUpdate, {
      body: { ...PROOF, text: { en: 'A payslip or bank statement', zh: '工资单或银行对账单' } },
    });
    expect(edited.body.data.text).toEqual({ en: 'A payslip or bank statement', zh: '工资单或银行对账单' });
    expect(await auditOf('questionnaire.question-update', PROOF.id)).toHaveLength(1);

    // Compliance reads the bank (to ask questions) but changes none of it.
    const bank = await desk('compliance', 'GET', PATHS.deskQuestions);
    expect(bank.body.data.questions.map((q: { id: string }) => q.id)).toEqual(expect.arrayContaining([FUNDS.id, PROOF.id]));
    expect((await desk('compliance', 'POST', PATHS.deskQuestionActive, { body: { id: PROOF.id, active: false } })).statusCode).toBe(403);
  });
});

describe("a person's questionnaire", () => {
  it('is asked by compliance, answered, asked again with a note, then accepted; every step audited', async () => {
    const { token, userId } = await newIndividual(t, 'desk-qnr@example.com');
    const headers = tokenHeaders(token);
    const refused = await desk('support', 'POST', PATHS.deskQuestionnaireAssign, { body: { userId, questionIds: [FUNDS.id] } });
    expect([refused.statusCode, refused.body.code]).toEqual([403, 'DSK0000004']);
    const unknown = await desk('compliance', 'POST', PATHS.deskQuestionnaireAssign, { body: { userId, questionIds: ['no-such-q'] } });
    expect([unknown.statusCode, unknown.body.code]).toEqual([404, 'QNR0000003']);
    expect(await askedIds(headers)).toEqual([]);

    const assigned = await desk('compliance', 'POST', PATHS.deskQuestionnaireAssign, {
      body: { userId, questionIds: [FUNDS.id, PROOF.id] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.body.data).toMatchObject({ userId, questionIds: [FUNDS.id, PROOF.id], answeredAt: null, review: null });
    expect(await askedIds(headers)).toEqual([FUNDS.id, PROOF.id]);
    expect(await auditOf('questionnaire.assign', userId)).toMatchObject([
      { outcome: 'done', details: { questionIds: [FUNDS.id, PROOF.id], assignmentId: assigned.body.data.id } },
    ]);

    // The person answers, with a file of their own.
    const signed = await post(headers, PATHS.signUpload, { s3FileName: 'payslip.pdf' });
    const bytes = fakeFile('pdf');
    expect((await t.app.inject({ method: 'PUT', url: signed.body.data.uploadTempUrl, payload: bytes })).statusCode).toBe(200);
    const file = signed.body.data.filePath as string;
    const answered = await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: [
        { id: FUNDS.id, answerText: 'Salary', radioOption: 'Salary' },
        { id: PROOF.id, file },
      ],
    });
    expect(answered.body.data).toEqual({ requireDynamicQuestionnaire: false });

    const assignmentId = assigned.body.data.id as string;
    const waiting = await desk('compliance', 'GET', PATHS.deskQuestionnairesWaiting);
    expect(waiting.body.data.questionnaires).toMatchObject([{ id: assignmentId, email: 'desk-qnr@example.com', review: null }]);
    const seen = await desk('compliance', 'GET', PATHS.deskQuestionnairesOf, { query: { userId } });
    expect(seen.body.data).toMatchObject({ userId, email: 'desk-qnr@example.com', asked: false });
    expect(seen.body.data.questionnaires[0].answers).toMatchObject([
      { questionId: FUNDS.id, answerText: 'Salary', radioOption: 'Salary' },
      { questionId: PROOF.id, files: [file] },
    ]);
    expect(await auditOf('questionnaire.view', userId)).toHaveLength(1);

    // The file, through the desk session; only a file of this answer.
    const download = await desk('compliance', 'GET', PATHS.deskQuestionnaireFile, { query: { assignmentId, questionId: PROOF.id, file } });
    expect(download.body.data).toMatchObject({ fileName: 'payslip.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(download.body.data.base64, 'base64').equals(bytes)).toBe(true);
    const other = await desk('compliance', 'GET', PATHS.deskQuestionnaireFile, {
      query: { assignmentId, questionId: FUNDS.id, file },
    });
    expect([other.statusCode, other.body.code]).toEqual([404, 'DSK0000005']);
    const fileViews = await auditOf('questionnaire.file-view', assignmentId);
    // Whose file it was, so the log searched by person finds the look; the answer itself does not carry it.
    expect(fileViews.map((row) => (row.details as { userId?: string }).userId)).toEqual([userId]);
    expect(download.body.data).not.toHaveProperty('userId');

    // Asking again needs a note: without one nothing changes.
    const noNote = await desk('compliance', 'POST', PATHS.deskQuestionnaireDecide, { body: { assignmentId, decision: 'ask-again' } });
    expect([noNote.statusCode, noNote.body.code]).toEqual([400, 'REQ0000400']);
    expect(await askedIds(headers)).toEqual([]);
    expect(await auditOf('questionnaire.decide', assignmentId)).toEqual([]);

    const again = await desk('compliance', 'POST', PATHS.deskQuestionnaireDecide, {
      body: { assignmentId, decision: 'ask-again', note: 'The payslip is unreadable' },
    });
    expect(again.body.data.review).toMatchObject({
      outcome: 'asked-again',
      note: 'The payslip is unreadable',
      reviewedBy: expect.any(String),
    });
    expect(await askedIds(headers)).toEqual([FUNDS.id, PROOF.id]);
    expect(await auditOf('questionnaire.decide', assignmentId)).toMatchObject([
      { outcome: 'done', details: { decision: 'ask-again', note: 'The payslip is unreadable', userId } },
    ]);
    const decidedTwice = await desk('admin', 'POST', PATHS.deskQuestionnaireDecide, { body: { assignmentId, decision: 'accept' } });
    expect([decidedTwice.statusCode, decidedTwice.body.code]).toEqual([409, 'QNR0000002']);
    expect((await desk('compliance', 'GET', PATHS.deskQuestionnairesWaiting)).body.data.questionnaires).toEqual([]);

    // The new questionnaire: answered, then accepted; a deactivated question is no longer asked.
    await post(headers, PATHS.commitMyQuestionnaireV3, {
      answers: [
        { id: FUNDS.id, answerText: 'Salary', radioOption: 'Salary' },
        { id: PROOF.id, file },
      ],
    });
    const second = (await desk('compliance', 'GET', PATHS.deskQuestionnairesWaiting)).body.data.questionnaires[0].id as string;
    const accepted = await desk('compliance', 'POST', PATHS.deskQuestionnaireDecide, {
      body: { assignmentId: second, decision: 'accept' },
    });
    expect(accepted.body.data.review).toMatchObject({ outcome: 'accepted', note: null });
    expect((await desk('compliance', 'GET', PATHS.deskQuestionnairesWaiting)).body.data.questionnaires).toEqual([]);

    const off = await desk('admin', 'POST', PATHS.deskQuestionActive, { body: { id: PROOF.id, active: false } });
    expect(off.body.data.active).toBe(false);
    expect(await auditOf('questionnaire.question-deactivate', PROOF.id)).toHaveLength(1);
    const inactive = await desk('compliance', 'POST', PATHS.deskQuestionnaireAssign, { body: { userId, questionIds: [PROOF.id] } });
    expect([inactive.statusCode, inactive.body.code]).toEqual([404, 'QNR0000003']);
    expect(await askedIds(headers)).toEqual([]);
  });

  it('refuses a person who does not exist, and an unknown questionnaire', async () => {
    const nobody = await desk('compliance', 'GET', PATHS.deskQuestionnairesOf, { query: { userId: 'usr_nobody' } });
    expect([nobody.statusCode, nobody.body.code]).toEqual([404, 'DSK0000005']);
    const noSuch = await desk('compliance', 'POST', PATHS.deskQuestionnaireDecide, {
      body: { assignmentId: 'qna_nothing', decision: 'accept' },
    });
    expect([noSuch.statusCode, noSuch.body.code]).toEqual([404, 'DSK0000005']);
  });
});
