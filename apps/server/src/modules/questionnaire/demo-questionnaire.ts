import type { Database } from '../../db/client.ts';
import { createQuestionnaireRepository, type NewQuestionRow } from './questionnaire.repository.ts';

/** The demo questionnaire's group (docs/sandbox.md "Questionnaire"). */
export const DEMO_QUESTION_GROUP = 'demo-profile';

/**
 * The sandbox's demo questionnaire (docs/sandbox.md "Questionnaire"): one question of each answer type, in English
 * and Chinese, and a choice whose option asks an extra question. Seeded on a sandbox install, never overwriting an
 * operator's edits; `POST /sandbox/questionnaire/assign` asks it of a person.
 */
export const DEMO_QUESTIONS: ReadonlyArray<Omit<NewQuestionRow, 'createdAt' | 'updatedAt'>> = [
  {
    id: 'demo-occupation',
    questionGroup: DEMO_QUESTION_GROUP,
    answerType: 'INPUT_LINE',
    text: { en: 'What is your occupation?', zh: '您的职业是什么？' },
    description: null,
    options: null,
    sortOrder: 10,
  },
  {
    id: 'demo-purpose',
    questionGroup: DEMO_QUESTION_GROUP,
    answerType: 'INPUT_BAR',
    text: { en: 'What will you use Causeway for, and how often?', zh: '您将用 Causeway 做什么？多久使用一次？' },
    description: { en: 'A few sentences are enough.', zh: '几句话即可。' },
    options: null,
    sortOrder: 20,
  },
  {
    id: 'demo-source-of-funds',
    questionGroup: DEMO_QUESTION_GROUP,
    answerType: 'RADIO',
    text: { en: 'Where does the money you buy crypto with come from?', zh: '您购买加密货币的资金来自哪里？' },
    description: null,
    options: [
      { option: { en: 'Salary', zh: '工资' }, extraQuestion: null },
      { option: { en: 'Savings', zh: '储蓄' }, extraQuestion: null },
      { option: { en: 'Other', zh: '其他' }, extraQuestion: { en: 'Where does it come from?', zh: '资金来自哪里？' } },
    ],
    sortOrder: 30,
  },
  {
    id: 'demo-proof-of-funds',
    questionGroup: DEMO_QUESTION_GROUP,
    answerType: 'UPLOAD',
    text: { en: 'A recent payslip or bank statement', zh: '最近的工资单或银行对账单' },
    description: { en: 'jpg, jpeg, png or pdf, 10 KB to 5 MB, up to 5 files', zh: 'jpg、jpeg、png 或 pdf，10 KB 至 5 MB，最多 5 个文件' },
    options: null,
    sortOrder: 40,
  },
  {
    id: 'demo-pep',
    questionGroup: DEMO_QUESTION_GROUP,
    answerType: 'RADIO',
    text: {
      en: 'Are you a politically exposed person, or a family member or close associate of one?',
      zh: '您是否为政治公众人物，或其家庭成员、密切关系人？',
    },
    description: null,
    options: [
      { option: { en: 'Yes', zh: '是' }, extraQuestion: { en: 'Which public function?', zh: '担任何种公共职务？' } },
      { option: { en: 'No', zh: '否' }, extraQuestion: null },
    ],
    sortOrder: 50,
  },
];

/** The demo questionnaire's question ids, in order. */
export const DEMO_QUESTION_IDS = DEMO_QUESTIONS.map((question) => question.id);

/** Seeds the demo questions that do not exist yet (a sandbox install; an operator's edits of them stay). */
export async function seedDemoQuestionnaire(db: Database, now: Date): Promise<void> {
  await createQuestionnaireRepository(db).seedQuestions(
    DEMO_QUESTIONS.map((question) => ({ ...question, createdAt: now, updatedAt: now })),
  );
}
