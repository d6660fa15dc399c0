import {
  BANK_STATEMENT_EXAMPLE_PLACEHOLDER,
  type EddOptions,
  type SourceOfFundsChoice,
  type SourceOfWealthChoice,
} from '@causeway/contracts';

type Language = EddOptions['language'];
type Text = Record<Language, string>;
interface Choice {
  label: Text;
  hint: Text;
}

const EXAMPLE = BANK_STATEMENT_EXAMPLE_PLACEHOLDER;

/** How the person built up what they own: each choice with the evidence that fits it. */
const SOURCE_OF_WEALTH: Record<SourceOfWealthChoice, Choice> = {
  EMPLOYMENT: {
    label: { en: 'Employment income', zh: '工作收入' },
    hint: {
      en: `Payslips of the last 3 months, an employment contract or a tax return, and a bank statement showing your salary (see ${EXAMPLE})`,
      zh: `最近 3 个月的工资单、劳动合同或纳税申报表，以及显示工资入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  BUSINESS: {
    label: { en: 'Business ownership or profits', zh: '企业所有权或利润' },
    hint: {
      en: `Company accounts or a tax return showing your share and what was paid to you, and a bank statement showing it arrive (see ${EXAMPLE})`,
      zh: `显示您的持股及所获分配的公司账目或纳税申报表，以及显示款项入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  INVESTMENTS: {
    label: { en: 'Investments and dividends', zh: '投资及股息' },
    hint: { en: 'Investment account statements or dividend vouchers', zh: '投资账户对账单或股息凭证' },
  },
  INHERITANCE_OR_GIFT: {
    label: { en: 'Inheritance or gift', zh: '继承或赠与' },
    hint: {
      en: `A grant of probate, a will or a letter from the giver, and a bank statement showing the money arrive (see ${EXAMPLE})`,
      zh: `遗嘱认证书、遗嘱或赠与人的信函，以及显示款项入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  PROPERTY_SALE: {
    label: { en: 'Sale of property or other assets', zh: '出售房产或其他资产' },
    hint: {
      en: `The sale contract or completion statement, and a bank statement showing the proceeds (see ${EXAMPLE})`,
      zh: `买卖合同或交割结算单，以及显示售款入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  PENSION: {
    label: { en: 'Pension', zh: '养老金' },
    hint: { en: 'A pension statement or award letter', zh: '养老金对账单或发放通知书' },
  },
  CRYPTO_ASSETS: {
    label: { en: 'Crypto-assets held, mined or traded', zh: '持有、挖矿或交易所得的加密资产' },
    hint: {
      en: 'Statements or transaction histories of the exchanges or wallets you used, showing how you acquired them',
      zh: '您使用过的交易所或钱包的对账单或交易记录，显示您如何获得这些资产',
    },
  },
  OTHER: {
    label: { en: 'Other', zh: '其他' },
    hint: { en: 'Describe it, and upload documents that show it', zh: '请加以说明，并上传能证明的文件' },
  },
};

/** Where the money the person trades with comes from: each choice with the evidence that fits it. */
const SOURCE_OF_FUNDS: Record<SourceOfFundsChoice, Choice> = {
  SALARY: {
    label: { en: 'Salary', zh: '工资' },
    hint: {
      en: `Your latest payslips and a bank statement showing the salary paid in (see ${EXAMPLE})`,
      zh: `最近的工资单，以及显示工资入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  SAVINGS: {
    label: { en: 'Savings', zh: '储蓄' },
    hint: {
      en: `A bank statement of the savings account the money comes from (see ${EXAMPLE})`,
      zh: `资金来源储蓄账户的银行对账单（参见${EXAMPLE}）`,
    },
  },
  BUSINESS_INCOME: {
    label: { en: 'Business income', zh: '经营收入' },
    hint: {
      en: `Company accounts or invoices showing the income, and a bank statement (see ${EXAMPLE})`,
      zh: `显示该收入的公司账目或发票，以及银行对账单（参见${EXAMPLE}）`,
    },
  },
  INVESTMENT_SALE: {
    label: { en: 'Sale of investments', zh: '出售投资' },
    hint: { en: "A broker's statement or contract note of the sale", zh: '经纪商对账单或成交单据' },
  },
  PROPERTY_SALE: {
    label: { en: 'Sale of property', zh: '出售房产' },
    hint: {
      en: `The completion statement and a bank statement showing the proceeds (see ${EXAMPLE})`,
      zh: `交割结算单，以及显示售款入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  LOAN: {
    label: { en: 'Loan', zh: '贷款' },
    hint: {
      en: `The loan agreement and a bank statement showing the loan paid in (see ${EXAMPLE})`,
      zh: `贷款合同，以及显示贷款入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  GIFT: {
    label: { en: 'Gift', zh: '赠与' },
    hint: {
      en: `A letter from the giver with the amount and how you are related, and a bank statement showing it arrive (see ${EXAMPLE})`,
      zh: `赠与人出具的注明金额及双方关系的信函，以及显示款项入账的银行对账单（参见${EXAMPLE}）`,
    },
  },
  CRYPTO_SALE: {
    label: { en: 'Crypto-assets I already own', zh: '已持有的加密资产' },
    hint: {
      en: 'The exchange or wallet history showing where the crypto-assets came from',
      zh: '显示这些加密资产来源的交易所或钱包记录',
    },
  },
  OTHER: {
    label: { en: 'Other', zh: '其他' },
    hint: { en: 'Describe it, and upload documents that show it', zh: '请加以说明，并上传能证明的文件' },
  },
};

const BANK_STATEMENT_EXAMPLE: Record<Language, { label: string; url: string }> = {
  en: { label: 'an example bank statement', url: '/examples/bank-statement-en.svg' },
  zh: { label: '银行对账单示例', url: '/examples/bank-statement-zh.svg' },
};

const listOf = (choices: Record<string, Choice>, language: Language) =>
  Object.entries(choices).map(([value, choice]) => ({ value, label: choice.label[language], hint: choice.hint[language] }));

/** edd-detail/options in a language: each part's choices, and the example bank statement their hints point to. */
export function eddOptionsIn(language: Language): EddOptions {
  return {
    language,
    sow: listOf(SOURCE_OF_WEALTH, language),
    sof: listOf(SOURCE_OF_FUNDS, language),
    bankStatementExample: { placeholder: BANK_STATEMENT_EXAMPLE_PLACEHOLDER, ...BANK_STATEMENT_EXAMPLE[language] },
  };
}

/** A choice's English label (what an operator reads beside the value). */
export const choiceLabel = (part: 'SOW' | 'SOF', value: string): string =>
  ((part === 'SOW' ? SOURCE_OF_WEALTH : SOURCE_OF_FUNDS) as Record<string, Choice>)[value]?.label.en ?? value;
