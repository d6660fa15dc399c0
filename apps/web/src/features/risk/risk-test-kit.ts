import { RISK_WARNING_VERSION, type RiskNextStep } from '@causeway/contracts';
import type { Assessment, RiskStep } from './api/appropriateness-api';

/** The seeded test's questions, trimmed to two (their texts as the server sends them: English and Chinese). */
export const QUESTIONS: NonNullable<Assessment['questions']> = [
  {
    id: 'volatility',
    topic: 'VOLATILITY',
    prompt: { en: 'How do crypto-asset prices usually move?', zh: '加密资产的价格通常如何变动？' },
    options: [
      { id: 'volatility-a', label: { en: 'They stay stable, like a savings account.', zh: '保持稳定，就像储蓄账户一样。' } },
      { id: 'volatility-c', label: { en: 'They can rise or fall sharply within hours.', zh: '可能在几小时内大幅涨跌。' } },
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
      { id: 'protection-a', label: { en: 'Yes, up to 100,000 EUR.', zh: '是的，最高 100,000 欧元。' } },
      { id: 'protection-b', label: { en: 'No.', zh: '不受保护。' } },
    ],
  },
];

/** A risk check answer at `step`, with the person's test as the server would describe it there. */
export function riskStep(step: RiskNextStep, assessment: Partial<Assessment> = {}): RiskStep {
  return {
    riskSurveyCheckNextStep: step,
    version: RISK_WARNING_VERSION,
    assessment: {
      stage: step === 'OK' ? 'PASSED' : step === 'RISK_WARNING' || step === 'UNAVAILABLE' ? 'RISK_WARING_OK' : step,
      testVersion: '20250601',
      attempt: step === 'QUESTIONS' ? 1 : 0,
      failures: 0,
      failuresAllowed: 3,
      questionCount: 7,
      passMark: 5,
      maxScore: 6,
      silentUntil: null,
      result: null,
      questions: step === 'QUESTIONS' ? QUESTIONS : null,
      blockReason: null,
      ...assessment,
    },
  };
}
