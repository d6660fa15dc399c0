import type { EddAnswer, EddQuestionnaire } from '@causeway/contracts';
import type { EmailLanguage } from '../identity/index.ts';

type Question = EddQuestionnaire['questions'][number];
type Text = Record<EmailLanguage, string>;

interface EddQuestion {
  id: string;
  answerType: Question['answerType'];
  text: Text;
  description?: Text;
  options?: Array<{ option: Text; extra?: Text }>;
}

/**
 * The enhanced due diligence questions a business answers when the reviewer asks for EDD: what a
 * compliance officer needs on top of the onboarding form (customers, licences, the largest payment,
 * accounts, politically exposed people, where the money comes from).
 */
const QUESTIONS: readonly EddQuestion[] = [
  {
    id: 'edd-customers',
    answerType: 'INPUT_BAR',
    text: {
      en: 'Who are the business’s main customers, and in which countries are they?',
      zh: '企业的主要客户是谁？他们位于哪些国家？',
    },
  },
  {
    id: 'edd-licence',
    answerType: 'RADIO',
    text: {
      en: 'Does the business hold a licence or registration for financial or crypto-asset services?',
      zh: '企业是否持有金融或加密资产服务的牌照或注册？',
    },
    options: [
      { option: { en: 'Yes', zh: '是' }, extra: { en: 'Which regulator, and the licence number?', zh: '哪个监管机构？牌照编号是多少？' } },
      { option: { en: 'No', zh: '否' } },
    ],
  },
  {
    id: 'edd-largest-payment',
    answerType: 'INPUT_LINE',
    text: {
      en: 'The largest single payment you expect to make through Causeway, in EUR',
      zh: '预计通过 Causeway 进行的最大单笔付款金额（欧元）',
    },
  },
  {
    id: 'edd-accounts',
    answerType: 'UPLOAD',
    text: {
      en: 'The latest annual accounts, or the business’s bank statements of the last three months',
      zh: '最新的年度财务报表，或企业最近三个月的银行对账单',
    },
    description: { en: 'jpg, jpeg, png or pdf, up to 5 files', zh: 'jpg、jpeg、png 或 pdf，最多 5 个文件' },
  },
  {
    id: 'edd-pep',
    answerType: 'RADIO',
    text: {
      en: 'Is any director, owner or trader a politically exposed person, or a family member or close associate of one?',
      zh: '是否有董事、股东或交易人是政治公众人物，或其家庭成员、密切关系人？',
    },
    options: [
      { option: { en: 'Yes', zh: '是' }, extra: { en: 'Who, and which public function?', zh: '是谁？担任何种公共职务？' } },
      { option: { en: 'No', zh: '否' } },
    ],
  },
  {
    id: 'edd-origin',
    answerType: 'INPUT_BAR',
    text: {
      en: 'Where does the money you will use on Causeway come from? Name the bank accounts and who holds them.',
      zh: '您将在 Causeway 使用的资金来自哪里？请说明银行账户及其持有人。',
    },
  },
];

/** The questions in the person's language (the options as the JSON list the spec's radio questions carry). */
export function eddQuestionsIn(lang: EmailLanguage): Question[] {
  return QUESTIONS.map((question) => ({
    id: question.id,
    questionText: question.text[lang],
    additionDescription: question.description?.[lang] ?? null,
    answerType: question.answerType,
    radioQuestionDetail: question.options
      ? JSON.stringify(question.options.map((choice) => ({ option: choice.option.en, extraQuestionText: choice.extra?.[lang] })))
      : null,
  }));
}

/** An answer's problem against its question, or null; `complete` also asks for the answer itself. */
export function eddAnswerProblem(answer: EddAnswer, complete: boolean): string | null {
  const question = QUESTIONS.find((candidate) => candidate.id === answer.id);
  if (!question) return `${answer.id}: no such question`;
  const text = (answer.answerText ?? '').trim();
  const files = (answer.file ?? '').split(',').filter(Boolean);
  if (question.answerType === 'RADIO') {
    if (answer.radioOption && !question.options!.some((choice) => choice.option.en === answer.radioOption))
      return `${answer.id}: not one of the options`;
    if (complete && !answer.radioOption) return `${answer.id}: choose an option`;
  } else if (question.answerType === 'UPLOAD') {
    if (files.length > 5) return `${answer.id}: at most 5 files`;
    if (complete && !files.length) return `${answer.id}: upload at least one file`;
  } else if (complete && !text) return `${answer.id}: must not be empty`;
  return null;
}

/** The questions left unanswered by `answers`. */
export const unansweredQuestions = (answers: readonly EddAnswer[]): string[] =>
  QUESTIONS.filter((question) => {
    const answer = answers.find((candidate) => candidate.id === question.id);
    return !answer || eddAnswerProblem(answer, true) !== null;
  }).map((question) => question.id);

/** The English question of an id (what the vendor is sent). */
export const eddQuestionText = (id: string): string => QUESTIONS.find((question) => question.id === id)?.text.en ?? id;

/** The files the answers name (comma-joined paths of the UPLOAD answers). */
export const eddFilesOf = (answers: readonly EddAnswer[]): string[] =>
  answers.flatMap((answer) => (answer.file ?? '').split(',').filter(Boolean));
