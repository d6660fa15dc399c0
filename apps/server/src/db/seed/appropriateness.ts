import { and, eq, notExists } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  type AppropriatenessOption,
  appropriatenessQuestions,
  appropriatenessTests,
  type LocalisedText,
} from '../schema/appropriateness.ts';

/**
 * The appropriateness test a fresh install publishes (docs/rules/appropriateness.md): five questions on the risks of
 * crypto-assets, one on experience, one on whether the person can bear a loss. A right answer scores 1; the pass
 * mark is 5 of 6, so someone without experience must know all five risks. The last question scores nothing: its
 * answers that say a loss could not be borne raise a concern (ANSWER_WAIT) instead. docs/sandbox.md lists the
 * answers that pass and fail. Seeded once (an operator's later change stays).
 */
export const APPROPRIATENESS_TEST_SEED = { version: '20250601', passMark: 5, failuresAllowed: 3 } as const;

interface QuestionSeed {
  id: string;
  topic: string;
  prompt: LocalisedText;
  options: Array<[label: LocalisedText, points: number, concern?: boolean]>;
}

const QUESTIONS: QuestionSeed[] = [
  {
    id: 'loss',
    topic: 'LOSS',
    prompt: {
      en: 'The value of a crypto-asset you bought falls sharply. What can happen to the money you paid?',
      zh: '您购买的加密资产价值大幅下跌。您支付的资金可能会怎样？',
    },
    options: [
      [{ en: 'The seller must buy it back at the price I paid.', zh: '卖方必须按我支付的价格回购。' }, 0],
      [{ en: 'I can lose part or all of it.', zh: '我可能损失部分或全部资金。' }, 1],
      [{ en: 'A guarantee scheme pays the difference back.', zh: '保障计划会赔付差额。' }, 0],
    ],
  },
  {
    id: 'volatility',
    topic: 'VOLATILITY',
    prompt: { en: 'How do crypto-asset prices usually move?', zh: '加密资产的价格通常如何变动？' },
    options: [
      [{ en: 'They stay stable, like a savings account.', zh: '保持稳定，就像储蓄账户一样。' }, 0],
      [{ en: 'They only go up over time.', zh: '随着时间推移只会上涨。' }, 0],
      [{ en: 'They can rise or fall sharply within hours.', zh: '可能在几小时内大幅涨跌。' }, 1],
    ],
  },
  {
    id: 'irreversible',
    topic: 'IRREVERSIBILITY',
    prompt: {
      en: 'You send crypto to a wrong wallet address. What usually happens?',
      zh: '您把加密货币转到了错误的钱包地址。通常会发生什么？',
    },
    options: [
      [{ en: 'It is lost for good: a transfer on the blockchain cannot be reversed.', zh: '资金永久丢失：区块链上的转账无法撤回。' }, 1],
      [{ en: 'My bank reverses the payment within eight weeks.', zh: '我的银行会在八周内撤回这笔付款。' }, 0],
      [{ en: 'The network sends it back automatically.', zh: '网络会自动退回。' }, 0],
    ],
  },
  {
    id: 'scams',
    topic: 'SCAMS',
    prompt: {
      en: 'Someone you met online promises guaranteed returns if you buy crypto and send it to them. What is this most likely to be?',
      zh: '您在网上认识的人承诺，只要您购买加密货币并转给他们，就能获得保证收益。这最有可能是什么？',
    },
    options: [
      [{ en: 'A safe investment, because the returns are guaranteed.', zh: '安全的投资，因为收益有保证。' }, 0],
      [{ en: 'A scam: nobody can guarantee returns on crypto-assets.', zh: '骗局：没有人能保证加密资产的收益。' }, 1],
      [{ en: 'A regulated savings product.', zh: '受监管的储蓄产品。' }, 0],
    ],
  },
  {
    id: 'protection',
    topic: 'PROTECTION',
    prompt: {
      en: 'Are the crypto-assets you buy here covered by a deposit guarantee or investor compensation scheme?',
      zh: '您在此购买的加密资产是否受存款保障或投资者赔偿计划保护？',
    },
    options: [
      [{ en: 'Yes, up to 100,000 EUR.', zh: '是的，最高 100,000 欧元。' }, 0],
      [{ en: 'No.', zh: '不受保护。' }, 1],
    ],
  },
  {
    id: 'experience',
    topic: 'EXPERIENCE',
    prompt: {
      en: 'In the last two years, how often have you bought or sold crypto-assets or other high-risk investments (shares, funds, derivatives)?',
      zh: '过去两年中，您买卖加密资产或其他高风险投资（股票、基金、衍生品）的次数是？',
    },
    options: [
      [{ en: 'Never', zh: '从未' }, 0],
      [{ en: '1 to 10 times', zh: '1 至 10 次' }, 1],
      [{ en: 'More than 10 times', zh: '超过 10 次' }, 1],
    ],
  },
  {
    id: 'loss-capacity',
    topic: 'LOSS_CAPACITY',
    prompt: {
      en: 'If you lost all the money you plan to spend on crypto-assets, how would it affect you?',
      zh: '如果您计划用于加密资产的资金全部损失，会对您有什么影响？',
    },
    options: [
      [{ en: 'I could bear the loss without changing how I live.', zh: '我能承受这笔损失，生活方式不会改变。' }, 0],
      [
        { en: 'I would struggle to pay for essentials such as rent, bills or food.', zh: '我将难以支付房租、账单或食物等基本开支。' },
        0,
        true,
      ],
      [{ en: 'It is money I borrowed and would still have to repay.', zh: '这是我借来的钱，仍需偿还。' }, 0, true],
    ],
  },
];

/** The seeded questions as rows: option ids are the question's id and a letter (loss-a, loss-b, ...). */
export function appropriatenessQuestionSeeds() {
  return QUESTIONS.map((question, index) => ({
    testVersion: APPROPRIATENESS_TEST_SEED.version,
    id: question.id,
    position: index + 1,
    topic: question.topic,
    prompt: question.prompt,
    options: question.options.map(([label, points, concern = false], option): AppropriatenessOption => ({
      id: `${question.id}-${String.fromCharCode(97 + option)}`,
      label,
      points,
      concern,
    })),
  }));
}

/**
 * Publishes the seeded test the first time (its version created, with its questions, and made the published one
 * unless an operator published another already). Later starts change nothing: not even a test an operator withdrew.
 */
export async function seedAppropriatenessTest(db: Pick<Database, 'insert' | 'update' | 'select'>): Promise<void> {
  const created = await db
    .insert(appropriatenessTests)
    .values({ ...APPROPRIATENESS_TEST_SEED, active: false })
    .onConflictDoNothing()
    .returning({ version: appropriatenessTests.version });
  if (created.length === 0) return;
  await db.insert(appropriatenessQuestions).values(appropriatenessQuestionSeeds()).onConflictDoNothing();
  await db
    .update(appropriatenessTests)
    .set({ active: true })
    .where(
      and(
        eq(appropriatenessTests.version, APPROPRIATENESS_TEST_SEED.version),
        notExists(
          db.select({ version: appropriatenessTests.version }).from(appropriatenessTests).where(eq(appropriatenessTests.active, true)),
        ),
      ),
    );
}
