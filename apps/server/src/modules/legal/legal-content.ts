/**
 * The default terms of use, privacy statement and cookie policy: our own words, for an install
 * whose operator has not published its own (TERMS_URL, PRIVACY_URL, COOKIES_URL replace them).
 * Written for what this software does, and only that: an operator who changes what it does, or
 * who must say more (its company, licences, regulator), publishes its own.
 *
 * A paragraph is plain text; `[label](terms)` links another of these pages, in the same language.
 * Both languages have the same sections, in the same order (legal-content.test.ts).
 */

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
export const LEGAL_LANGUAGES = ['en', 'zh'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

/** When these texts last changed (shown on every page). */
export const LEGAL_UPDATED = '2026-11-26';

export interface LegalSection {
  /** The section's anchor (#complaints): stable, so links may point at it. */
  id: string;
  heading: string;
  paragraphs: string[];
}

export interface LegalText {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export interface LegalPageTexts {
  /** The html lang attribute. */
  lang: string;
  /** The language's own name, for the link to this page in it. */
  languageName: string;
  updated: (date: string) => string;
  /** Said on every page: these are the software's defaults, the operator's own may differ. */
  defaultNote: string;
  legalNav: string;
  contents: string;
  home: string;
  documents: Record<LegalDocument, LegalText>;
}

const en: LegalPageTexts = {
  lang: 'en',
  languageName: 'English',
  updated: (date) => `Last updated ${date}`,
  defaultNote:
    'These are the default texts of Causeway, the open-source checkout software this site runs on. The business that runs this site (the operator, "we" below) may publish its own texts instead; where it has, its links lead there.',
  legalNav: 'Legal',
  contents: 'Contents',
  home: 'Causeway',
  documents: {
    terms: {
      title: 'Terms of Use',
      intro:
        'These terms apply when you create an account on this checkout and when you buy crypto with it. Please read them before you tick the box at sign-up.',
      sections: [
        {
          id: 'who',
          heading: 'Who you deal with',
          paragraphs: [
            'This checkout is run by the operator: the business named on this site, or the merchant that sent you here. The operator provides the service, holds your account and answers your requests. The people who write the Causeway software are not a party to your purchases.',
          ],
        },
        {
          id: 'account',
          heading: 'Your account',
          paragraphs: [
            'You need an account with an email address that you can read. You must be an adult under the law where you live, and act for yourself (or, with a business account, for the business you represent). One person may hold one account.',
            'Keep your password and your authenticator app to yourself. Anything done with them is treated as done by you, until you tell us they were lost or stolen.',
          ],
        },
        {
          id: 'verification',
          heading: 'Identity verification',
          paragraphs: [
            'Before your first purchase we check who you are, as the law requires of services that exchange money for crypto. We may refuse the service, or end it, when your identity cannot be verified, when you are in a country we cannot serve, or when your account is linked to sanctions, fraud or another account of yours. We tell you the outcome on the verification page.',
          ],
        },
        {
          id: 'buying',
          heading: 'Buying crypto',
          paragraphs: [
            'Before you confirm, the quote shows the price, our fee, the network fee and how much crypto you receive. A quote holds only for the time its countdown shows; after that you get a new one.',
            'Once you confirm and your bank authorises the card payment, the order cannot be cancelled: payments on a blockchain cannot be reversed. Check the wallet address (and the memo or tag, if the network needs one) before you confirm; crypto sent to a wrong address is usually lost for good.',
            'If we cannot complete an order, we do not take the money, or we refund it to your card. Your bank decides how long a refund takes to show.',
          ],
        },
        {
          id: 'fees-limits',
          heading: 'Fees and limits',
          paragraphs: [
            'Every fee is shown before you confirm; nothing is added afterwards. How much you may buy depends on your verification and on what you bought recently; the buy page shows your limits.',
          ],
        },
        {
          id: 'security',
          heading: 'Security changes',
          paragraphs: [
            'After you change your password or your authenticator app, adding a card and selling wait 24 hours. This protects you if someone else made the change.',
          ],
        },
        {
          id: 'conduct',
          heading: 'What you must not do',
          paragraphs: [
            'Do not use the service for anything unlawful, with money that is not yours, for someone else without telling us, or to get around our checks. Do not attack, probe or overload the service.',
          ],
        },
        {
          id: 'liability',
          heading: 'Availability and responsibility',
          paragraphs: [
            'The service can be unavailable at times, for example during maintenance or when a provider it depends on is down. We answer for our own mistakes as the law where you live provides. We do not answer for what is outside our control, such as a blockchain network, your bank, or a wallet that is not ours.',
            'Nothing in these terms takes away the rights the law gives you as a consumer.',
          ],
        },
        {
          id: 'ending',
          heading: 'Closing your account',
          paragraphs: [
            'You can stop using the service and ask us to close your account at any time. We may suspend or close an account that breaks these terms, or when the law requires it; we tell you why, unless the law forbids it. We keep some records after closing, as the [Privacy Statement](privacy) explains.',
          ],
        },
        {
          id: 'complaints',
          heading: 'Questions and complaints',
          paragraphs: [
            'If something went wrong, contact support: the help button on every page opens the support form. Tell us the order number if there is one. We reply by email, usually within 1-2 working days, and say what we will do about it.',
            'If you are not satisfied with our answer, you may be able to turn to the consumer or financial services authority of your country.',
          ],
        },
        {
          id: 'changes',
          heading: 'Changes to these terms',
          paragraphs: [
            'We may change these terms. The date at the top shows the latest version. Before a change that matters to you applies, we tell you by email or when you next sign in.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Privacy Statement',
      intro: 'This statement says which personal data this checkout keeps, why, who else sees it, and what you can do about it.',
      sections: [
        {
          id: 'controller',
          heading: 'Who is responsible',
          paragraphs: [
            'The operator of this site decides what happens to your data and is responsible for it (the "controller"). The Causeway software runs on the operator\'s own servers: the people who write it receive none of your data.',
          ],
        },
        {
          id: 'data',
          heading: 'What we keep',
          paragraphs: [
            "Your account: your email address; your password only as a one-way hash (argon2id), never the password itself; your authenticator app's secret, encrypted.",
            'Your identity: your name, date of birth, nationality, country of residence and address, and the photos of your identity document, as the identity verification asks for them.',
            "Your cards: the card number is typed into the card processor's own fields and never reaches our servers. We keep what the processor tells us: the network, the first digits that name the bank, the last four digits, the bank and its country.",
            'Your orders: amounts, currencies, prices, fees, the wallet addresses you pay to, the blockchain transactions and their times.',
            'Your requests to support, with the files you attach.',
            "Technical data: your IP address and the country it belongs to, your browser's language, and logs of what the service did. They are used to apply country rules, limit attempts, and find and fix faults.",
          ],
        },
        {
          id: 'why',
          heading: 'Why we keep it',
          paragraphs: [
            'To provide the service you asked for (your account and your orders); to meet the law, which requires us to know our customers and to report suspicious activity; to keep the service and your account safe (sign-in limits, fraud checks); and to answer you when you write to us. We do not use your data for advertising, and we never sell it.',
          ],
        },
        {
          id: 'sharing',
          heading: 'Who else sees it',
          paragraphs: [
            'Only the providers the service needs, each for its own part: the identity verification provider (your identity data and documents), the card processor (your payment), the custody or payout provider and the address screening service (wallet addresses and amounts), the email provider (the messages we send you) and, if the operator uses one, an outside help desk (your requests).',
            'Blockchain transactions are public by nature: anyone can see a payment to your wallet address, though not your name. We also give data to authorities when the law obliges us to.',
          ],
        },
        {
          id: 'retention',
          heading: 'How long we keep it',
          paragraphs: [
            'While your account is open, and afterwards for as long as the law requires: anti-money-laundering rules commonly require five years after the relationship ends. Sign-in attempts, limits and technical logs are kept for days or weeks, then deleted.',
          ],
        },
        {
          id: 'rights',
          heading: 'Your rights',
          paragraphs: [
            'You may ask to see the data we hold about you, to have it corrected, to have it deleted where the law lets us, to object to how we use it, and to receive a copy to take elsewhere. Ask through the support form; we answer within the time the law gives (one month in the EU). You may also complain to the data protection authority of your country.',
          ],
        },
        {
          id: 'security',
          heading: 'How we protect it',
          paragraphs: [
            'Connections are encrypted, passwords are hashed, secrets are encrypted, and sign-in attempts are limited. You can add an authenticator app so that a stolen password is not enough.',
          ],
        },
        {
          id: 'cookies',
          heading: 'Cookies',
          paragraphs: ['The [Cookie Policy](cookies) lists the few cookies and stored items the checkout needs to work.'],
        },
        {
          id: 'changes',
          heading: 'Changes to this statement',
          paragraphs: ['The date at the top shows the latest version. We tell you before a change that matters to you applies.'],
        },
      ],
    },
    cookies: {
      title: 'Cookie Policy',
      intro:
        'This checkout uses only the cookies and browser storage it needs to work: no advertising cookies, no tracking across sites, no outside analytics.',
      sections: [
        {
          id: 'cookies',
          heading: 'Cookies we set',
          paragraphs: [
            'token: keeps you signed in.',
            'email: the address you signed in with, to fill in forms for you.',
            "paymentMethod, transactionType, fiatCurrency, merchantCode, orderToken: what a merchant's link asked for, so the checkout opens as the merchant intended.",
            'isRoma: that you came through a partner channel.',
            "These cookies last at most 15 days, travel only over secure (https) connections, and are shared with this site's parent domain so that a checkout embedded in a merchant's page works.",
          ],
        },
        {
          id: 'storage',
          heading: 'Stored in your browser',
          paragraphs: [
            "The checkout also stores a few items in your browser that never leave it unless named: your light or dark theme; your sign-in session (which sign-in you used, its token and when it ends); a random device identifier, sent with requests to help spot fraud; a merchant's order number; and the buy page to return to after verification.",
          ],
        },
        {
          id: 'third-parties',
          heading: 'Other services',
          paragraphs: [
            "Some steps load a provider's own page or fields, which may set cookies of their own for security and fraud prevention, under their own policies: the bot check at sign-in (Google reCAPTCHA, when the operator turns it on), the identity verification, and the card processor's card fields.",
          ],
        },
        {
          id: 'choices',
          heading: 'Your choices',
          paragraphs: [
            "These cookies are needed for the service you ask for, so we do not ask for consent to them. You can delete them in your browser's settings at any time; signing out ends your session. Without them you cannot sign in.",
            'The [Privacy Statement](privacy) says more about the data we keep.',
          ],
        },
      ],
    },
  },
};

const zh: LegalPageTexts = {
  lang: 'zh-CN',
  languageName: '中文',
  updated: (date) => `最后更新：${date}`,
  defaultNote:
    '以下为 Causeway 的默认文本。Causeway 是本网站所使用的开源收银台软件。运营本网站的企业（下称“运营方”或“我们”）可以发布自己的文本取而代之；如已发布，相关链接会指向运营方的文本。',
  legalNav: '法律信息',
  contents: '目录',
  home: 'Causeway',
  documents: {
    terms: {
      title: '使用条款',
      intro: '您在本收银台创建账户以及通过它购买加密货币时，适用本条款。请在注册时勾选同意前阅读。',
      sections: [
        {
          id: 'who',
          heading: '与您交易的一方',
          paragraphs: [
            '本收银台由运营方运营，即本网站上列明的企业，或引导您来到这里的商户。由运营方提供服务、持有您的账户并答复您的请求。Causeway 软件的开发者不是您购买交易的一方。',
          ],
        },
        {
          id: 'account',
          heading: '您的账户',
          paragraphs: [
            '您需要一个能正常收信的电子邮箱来创建账户。您必须是您所在地法律规定的成年人，并以自己的名义行事（使用企业账户时，则代表您所代表的企业）。每人只能持有一个账户。',
            '请妥善保管您的密码和身份验证器应用。在您告知我们它们丢失或被盗之前，使用它们所做的一切操作都视为您本人所为。',
          ],
        },
        {
          id: 'verification',
          heading: '身份验证',
          paragraphs: [
            '在您首次购买前，我们会按照法律对法币与加密货币兑换服务的要求核实您的身份。如果无法验证您的身份、您所在的国家或地区不在服务范围内，或您的账户涉及制裁、欺诈或与您的另一个账户相关联，我们可以拒绝或终止服务。验证结果会显示在验证页面上。',
          ],
        },
        {
          id: 'buying',
          heading: '购买加密货币',
          paragraphs: [
            '在您确认之前，报价会列出价格、我们的服务费、网络费以及您将收到的加密货币数量。报价仅在倒计时显示的时间内有效，之后会为您提供新的报价。',
            '一旦您确认且银行授权了银行卡付款，订单便无法取消：区块链上的转账无法撤回。确认前请核对钱包地址（以及该网络需要的备注或标签）；发送到错误地址的加密货币通常无法找回。',
            '如果我们无法完成订单，我们不会扣款，或会将款项退回您的银行卡。退款到账所需时间由您的银行决定。',
          ],
        },
        {
          id: 'fees-limits',
          heading: '费用与限额',
          paragraphs: [
            '所有费用都会在您确认前列明，确认后不会另外加收。您可购买的金额取决于您的验证情况和近期的购买记录；购买页面会显示您的限额。',
          ],
        },
        {
          id: 'security',
          heading: '安全设置变更',
          paragraphs: ['您修改密码或更换身份验证器后，添加银行卡和出售功能将暂停 24 小时。这是为了在他人擅自更改时保护您。'],
        },
        {
          id: 'conduct',
          heading: '禁止的行为',
          paragraphs: [
            '请勿将本服务用于任何违法用途、使用不属于您的资金、在未告知我们的情况下替他人操作，或设法规避我们的审核。请勿攻击、探测本服务或使其超载。',
          ],
        },
        {
          id: 'liability',
          heading: '服务可用性与责任',
          paragraphs: [
            '本服务有时可能无法使用，例如维护期间或所依赖的服务商出现故障时。对于我们自身的过错，我们依照您所在地的法律承担责任。对于我们无法控制的因素，例如区块链网络、您的银行或不属于我们的钱包，我们不承担责任。',
            '本条款中的任何内容均不影响法律赋予您作为消费者的权利。',
          ],
        },
        {
          id: 'ending',
          heading: '关闭账户',
          paragraphs: [
            '您可以随时停止使用本服务并要求我们关闭您的账户。如果账户违反本条款或法律有此要求，我们可以暂停或关闭该账户，并会告知原因，除非法律禁止。账户关闭后，我们会按照[隐私声明](privacy)所述保留部分记录。',
          ],
        },
        {
          id: 'complaints',
          heading: '咨询与投诉',
          paragraphs: [
            '如果遇到问题，请联系客服：每个页面上的帮助按钮都可以打开客服表单。如有订单号，请一并告诉我们。我们会通过电子邮件回复，通常在 1-2 个工作日内，并说明我们将如何处理。',
            '如果您对我们的答复不满意，可以向您所在国家或地区的消费者保护或金融服务主管机构求助。',
          ],
        },
        {
          id: 'changes',
          heading: '条款的变更',
          paragraphs: [
            '我们可能会修改本条款。页面顶部的日期即为最新版本的日期。对您有重要影响的变更生效前，我们会通过电子邮件或在您下次登录时告知您。',
          ],
        },
      ],
    },
    privacy: {
      title: '隐私声明',
      intro: '本声明说明本收银台保存哪些个人数据、出于什么目的、还有谁会看到，以及您可以采取哪些措施。',
      sections: [
        {
          id: 'controller',
          heading: '责任方',
          paragraphs: [
            '本网站的运营方决定如何处理您的数据，并对此负责（即“数据控制者”）。Causeway 软件运行在运营方自己的服务器上，软件的开发者不会收到您的任何数据。',
          ],
        },
        {
          id: 'data',
          heading: '我们保存的数据',
          paragraphs: [
            '您的账户：电子邮箱地址；密码只以单向哈希（argon2id）形式保存，绝不保存密码本身；身份验证器应用的密钥经加密后保存。',
            '您的身份：身份验证所要求的姓名、出生日期、国籍、居住国家或地区和地址，以及身份证件的照片。',
            '您的银行卡：卡号在卡组织处理方自己的输入框中填写，绝不会到达我们的服务器。我们只保存处理方告知的信息：卡组织、标识发卡银行的卡号前几位、卡号后四位、发卡银行及其所在国家或地区。',
            '您的订单：金额、币种、价格、费用、您付款的目标钱包地址、区块链交易及其时间。',
            '您向客服发送的请求及其附件。',
            '技术数据：您的 IP 地址及其所属国家或地区、浏览器语言，以及服务运行日志。这些数据用于执行各国或地区的规定、限制尝试次数，以及发现和修复故障。',
          ],
        },
        {
          id: 'why',
          heading: '保存的目的',
          paragraphs: [
            '为您提供所请求的服务（您的账户和订单）；履行法律义务，法律要求我们了解客户并报告可疑活动；保障服务和您账户的安全（登录限制、反欺诈检查）；以及在您联系我们时答复您。我们不会将您的数据用于广告，也绝不出售您的数据。',
          ],
        },
        {
          id: 'sharing',
          heading: '还有谁会看到',
          paragraphs: [
            '仅限本服务所必需的服务商，且各自只处理其负责的部分：身份验证服务商（您的身份数据和证件）、银行卡处理方（您的付款）、托管或出款服务商以及地址筛查服务（钱包地址和金额）、邮件服务商（我们发给您的邮件），以及运营方如使用外部客服系统时的该系统（您的请求）。',
            '区块链交易本身是公开的：任何人都能看到转入您钱包地址的款项，但看不到您的姓名。在法律要求时，我们也会向主管机关提供数据。',
          ],
        },
        {
          id: 'retention',
          heading: '保存期限',
          paragraphs: [
            '在您的账户存续期间保存，账户关闭后按法律要求的期限继续保存：反洗钱规定通常要求在业务关系结束后保存五年。登录尝试、限额记录和技术日志只保存数天或数周，之后删除。',
          ],
        },
        {
          id: 'rights',
          heading: '您的权利',
          paragraphs: [
            '您可以要求查看我们持有的您的数据、更正数据、在法律允许的范围内删除数据、反对我们使用数据的方式，以及获取一份副本以转移到别处。请通过客服表单提出；我们会在法律规定的期限内答复（在欧盟为一个月）。您也可以向您所在国家或地区的数据保护机构投诉。',
          ],
        },
        {
          id: 'security',
          heading: '我们如何保护数据',
          paragraphs: [
            '连接经过加密，密码经过哈希处理，密钥经过加密，登录尝试次数受到限制。您可以绑定身份验证器应用，这样即使密码被盗也无法登录。',
          ],
        },
        {
          id: 'cookies',
          heading: 'Cookie',
          paragraphs: ['[Cookie 政策](cookies)列出了本收银台正常运行所需的少量 Cookie 和本地存储项。'],
        },
        {
          id: 'changes',
          heading: '本声明的变更',
          paragraphs: ['页面顶部的日期即为最新版本的日期。对您有重要影响的变更生效前，我们会告知您。'],
        },
      ],
    },
    cookies: {
      title: 'Cookie 政策',
      intro: '本收银台只使用正常运行所必需的 Cookie 和浏览器存储：没有广告 Cookie，没有跨网站追踪，也没有外部统计分析。',
      sections: [
        {
          id: 'cookies',
          heading: '我们设置的 Cookie',
          paragraphs: [
            'token：保持您的登录状态。',
            'email：您登录时使用的邮箱地址，用于为您填写表单。',
            'paymentMethod、transactionType、fiatCurrency、merchantCode、orderToken：商户链接所指定的内容，使收银台按商户的设置打开。',
            'isRoma：表示您通过合作渠道访问。',
            '这些 Cookie 最长保留 15 天，只通过安全连接传输，并与本网站的上级域名共享，以便嵌入在商户页面中的收银台能够正常工作。',
          ],
        },
        {
          id: 'storage',
          heading: '保存在您浏览器中的内容',
          paragraphs: [
            '收银台还会在您的浏览器中保存少量内容，除下文注明的以外不会离开浏览器：浅色或深色主题；您的登录会话（使用的登录方式、会话令牌及其到期时间）；一个随机的设备标识，随请求发送以帮助识别欺诈；商户的订单号；以及验证完成后要返回的购买页面。',
          ],
        },
        {
          id: 'third-parties',
          heading: '其他服务',
          paragraphs: [
            '某些步骤会加载服务商自己的页面或输入框，这些服务商可能会出于安全和反欺诈目的设置自己的 Cookie，并适用其各自的政策：登录时的人机验证（运营方启用时为 Google reCAPTCHA）、身份验证，以及银行卡处理方的卡信息输入框。',
          ],
        },
        {
          id: 'choices',
          heading: '您的选择',
          paragraphs: [
            '这些 Cookie 是提供您所请求服务的必要条件，因此我们不会就此征求您的同意。您可以随时在浏览器设置中删除它们；退出登录会结束您的会话。没有这些 Cookie，您将无法登录。',
            '关于我们保存的数据，请参阅[隐私声明](privacy)。',
          ],
        },
      ],
    },
  },
};

export const LEGAL_TEXTS: Record<LegalLanguage, LegalPageTexts> = { en, zh };
