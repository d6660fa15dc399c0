/**
 * The articles the built-in help centre is seeded with (the help widget's Home and Help tabs),
 * in English (en-us) and Simplified Chinese (zh-cn). Every figure is the product's own: the fees and
 * KYC tiers as seeded (seed/pricing.ts), quote validity (QUOTE_TTL_SECONDS), card rules
 * (card.service.ts), the catalogue (seed/catalogue.ts) and docs/trust.md. Change the figure there and
 * here together. The fees and tiers are data an operator changes afterwards (docs/rules/limits.md
 * "Who changes them"): the articles on an install are the help desk's to edit with them.
 *
 * Bodies are HTML fragments written to the help centre's allow-list; they are sanitised again
 * (DOMPurify, HELP_HTML_POLICY) when the help desk stores them, so this file is not trusted HTML.
 * Links are relative to the page's locale (/en/..., /zh/...).
 */

export type HelpSeedLocale = 'en-us' | 'zh-cn';

export interface HelpSeedSection {
  key: string;
  position: number;
  name: Record<HelpSeedLocale, string>;
  description: Record<HelpSeedLocale, string>;
}

export interface HelpSeedArticle {
  /** Stable, unique, kebab-case: the seed finds the article again by it. */
  key: string;
  /** null for promotion cards only. */
  sectionKey: string | null;
  /** Order within its section (or among the promotion cards). */
  position: number;
  /** 'Suggested' for the Home tab's suggested articles, 'Promotion' for its rotating cards. */
  labels: string[];
  title: Record<HelpSeedLocale, string>;
  /** HTML fragment. */
  body: Record<HelpSeedLocale, string>;
}

const t = (en: string, zh: string): Record<HelpSeedLocale, string> => ({ 'en-us': en, 'zh-cn': zh });
/** One HTML block per argument, so the data reads one paragraph or list per line. */
const html = (...blocks: string[]): string => blocks.join('\n');

const SUGGESTED = ['Suggested'];
const PROMOTION = ['Promotion'];

export const HELP_SECTIONS: readonly HelpSeedSection[] = [
  {
    key: 'buying-crypto',
    position: 1,
    name: t('Buying crypto', '购买加密货币'),
    description: t('Buying with a card, wallet addresses and following your order.', '用银行卡购买、钱包地址，以及如何跟踪订单。'),
  },
  {
    key: 'selling-crypto',
    position: 2,
    name: t('Selling crypto', '出售加密货币'),
    description: t('Selling crypto for money paid to your card or bank account.', '出售加密货币，款项打入您的银行卡或银行账户。'),
  },
  {
    key: 'identity-verification',
    position: 3,
    name: t('Identity verification', '身份验证'),
    description: t(
      'Verifying yourself (KYC) or your business (KYB), and what the results mean.',
      '个人身份验证（KYC）与企业验证（KYB），以及验证结果的含义。',
    ),
  },
  {
    key: 'cards',
    position: 4,
    name: t('Cards', '银行卡'),
    description: t(
      'Adding and managing cards, 3-D Secure, declined payments and refunds.',
      '添加与管理银行卡、3-D Secure 验证、付款被拒与退款。',
    ),
  },
  {
    key: 'bank-transfers',
    position: 5,
    name: t('Bank transfers', '银行转账'),
    description: t('Paying in by bank transfer and the bank accounts you get paid to.', '通过银行转账付款，以及用于收款的银行账户。'),
  },
  {
    key: 'fees',
    position: 6,
    name: t('Fees', '费用'),
    description: t('What you pay, where it shows in your quote and how to pay less.', '您需要支付哪些费用、报价中如何显示，以及如何省钱。'),
  },
  {
    key: 'limits',
    position: 7,
    name: t('Limits', '限额'),
    description: t('How much you can buy per order, day, month and year.', '单笔、每日、每月和每年可购买的金额。'),
  },
  {
    key: 'security-account',
    position: 8,
    name: t('Security & account', '安全与账户'),
    description: t('Authenticator app, password, signing in and keeping your account safe.', '身份验证器、密码、登录以及账户安全。'),
  },
];

const BUYING: HelpSeedArticle[] = [
  {
    key: 'buy-crypto-with-a-card',
    sectionKey: 'buying-crypto',
    position: 1,
    labels: SUGGESTED,
    title: t('How do I buy crypto with a card?', '如何用银行卡购买加密货币？'),
    body: t(
      html(
        `<p>You can buy crypto with a Visa or Mastercard in a few minutes. The crypto is sent straight to the wallet address you choose: Causeway does not hold it for you.</p>`,
        `<h2>Before your first purchase</h2>`,
        `<ul><li><strong>Verify your identity.</strong> Buying is possible only once verification has passed (see “How do I verify my identity?”).</li><li><strong>Add your residential address</strong> when we ask for it. It takes a minute.</li><li><strong>Have your wallet address ready</strong> for the coin and the network you want.</li></ul>`,
        `<h2>Step by step</h2>`,
        `<ol><li>Open <a href="/en/buy-crypto">Buy crypto</a>.</li><li>Choose the coin and the network, for example USDT on Tron (TRC-20).</li><li>Enter how much you want to spend, or how much crypto you want to receive.</li><li>Enter or choose your wallet address, with the memo or destination tag if the network needs one.</li><li>Choose a saved card or add a new one.</li><li>Check the quote: the price, our fee, the network fee and what you receive. The price is held for 30 seconds; when the countdown ends you get a fresh price automatically.</li><li>Confirm the order. If you have an authenticator app set up, enter its 6-digit code.</li><li>If your bank asks you to confirm the payment (3-D Secure), do it in your banking app or on the page that opens.</li></ol>`,
        `<p>Processing usually takes up to 30 seconds. The order moves through “Payment received”, “Buying your crypto” and “Sending to your wallet”, and when it is done we email you a receipt with the transaction hash.</p>`,
        `<p>You can leave the page at any time: the order carries on, and you will find it in your <a href="/en/history">Transaction history</a>.</p>`,
      ),
      html(
        `<p>使用 Visa 或 Mastercard，几分钟即可买到加密货币。加密货币会直接发送到您指定的钱包地址，Causeway 不会替您保管。</p>`,
        `<h2>首次购买前</h2>`,
        `<ul><li><strong>完成身份验证。</strong>验证通过后才能购买，详见“如何完成身份验证？”。</li><li>按提示<strong>填写居住地址</strong>，只需一分钟。</li><li><strong>准备好钱包地址</strong>，它必须与您要购买的币种和网络相对应。</li></ul>`,
        `<h2>购买步骤</h2>`,
        `<ol><li>打开<a href="/zh/buy-crypto">购买加密货币</a>页面。</li><li>选择币种和网络，例如 Tron（TRC-20）网络上的 USDT。</li><li>输入您想支付的金额，或想收到的加密货币数量。</li><li>输入或选择钱包地址；如果该网络需要备注（Memo）或目标标签，请一并填写。</li><li>选择已保存的银行卡，或添加一张新卡。</li><li>核对报价：价格、服务费、网络费以及您将收到的数量。价格锁定 30 秒，倒计时结束后会自动更新为新价格。</li><li>确认订单。如果您已设置身份验证器，请输入其中的 6 位验证码。</li><li>如果银行要求确认这笔付款（3-D Secure），请在银行 App 或弹出的页面中完成。</li></ol>`,
        `<p>订单通常在 30 秒内处理完毕，页面会依次显示“已收到付款”“正在购买加密货币”“正在发送到您的钱包”。完成后，我们会通过邮件发送收据，其中附有交易哈希。</p>`,
        `<p>您可以随时离开页面，订单会继续处理，之后可在<a href="/zh/history">交易记录</a>中查看。</p>`,
      ),
    ),
  },
  {
    key: 'coins-networks-and-wallet-addresses',
    sectionKey: 'buying-crypto',
    position: 2,
    labels: [],
    title: t('Which coins and networks can I buy, and which address should I use?', '可以购买哪些币种和网络？应该填写哪个地址？'),
    body: t(
      html(
        `<p>Crypto is always sent on one particular network. The address you enter must belong to that same network, otherwise the coins can be lost.</p>`,
        `<h2>Coins and networks</h2>`,
        `<table><thead><tr><th>Coin</th><th>Networks</th></tr></thead><tbody><tr><td>Bitcoin (BTC)</td><td>Bitcoin</td></tr><tr><td>Ether (ETH)</td><td>Ethereum (ERC-20)</td></tr><tr><td>Tether USD (USDT)</td><td>Ethereum (ERC-20), Tron (TRC-20)</td></tr><tr><td>USD Coin (USDC)</td><td>Ethereum (ERC-20), Solana (SPL)</td></tr><tr><td>Solana (SOL)</td><td>Solana</td></tr><tr><td>Tron (TRX)</td><td>Tron</td></tr><tr><td>XRP</td><td>XRP Ledger (destination tag required)</td></tr></tbody></table>`,
        `<p>What is on offer can differ by currency and payment method: the buy page lists only what you can buy right now.</p>`,
        `<h2>How we check your address</h2>`,
        `<p>Before any order we check the address properly: its format and checksum on the network you chose. We tell you if it belongs to another network, is a test-network address, has a mistyped character, or is a “burn” address nobody can spend from. For Bitcoin, addresses starting with 1, 3, bc1q and bc1p are accepted.</p>`,
        `<p><strong>XRP:</strong> enter the classic address (starting with r) and the destination tag separately. Exchanges usually need the tag to credit you.</p>`,
        `<p>Every address is also screened against sanctions and illicit-activity lists. We cannot send to a flagged address, so you will need to use another one. If screening is briefly unavailable, try again in a moment: we never send to an address we could not check. Where the service has switched on the travel-rule step, you may also be asked which exchange or provider holds the address.</p>`,
        `<h2>Saved addresses</h2>`,
        `<p>You can save addresses for next time and pick a default for each coin and network. The default address cannot be deleted: make another address the default first.</p>`,
      ),
      html(
        `<p>加密货币总是通过某一条特定网络发送。您填写的地址必须属于同一网络，否则资金可能丢失。</p>`,
        `<h2>币种与网络</h2>`,
        `<table><thead><tr><th>币种</th><th>网络</th></tr></thead><tbody><tr><td>比特币（BTC）</td><td>Bitcoin</td></tr><tr><td>以太币（ETH）</td><td>Ethereum（ERC-20）</td></tr><tr><td>泰达币（USDT）</td><td>Ethereum（ERC-20）、Tron（TRC-20）</td></tr><tr><td>USD Coin（USDC）</td><td>Ethereum（ERC-20）、Solana（SPL）</td></tr><tr><td>Solana（SOL）</td><td>Solana</td></tr><tr><td>波场币（TRX）</td><td>Tron</td></tr><tr><td>XRP</td><td>XRP Ledger（必须填写目标标签）</td></tr></tbody></table>`,
        `<p>可购买的币种会因法币和支付方式而有所不同，购买页面只会列出您当前可以购买的币种。</p>`,
        `<h2>我们如何检查地址</h2>`,
        `<p>每笔订单之前，我们都会按您所选网络认真核验地址的格式和校验码。如果地址属于其他网络、是测试网地址、有字符输错，或者是任何人都无法动用的“销毁地址”，我们都会提示您。比特币地址支持以 1、3、bc1q 和 bc1p 开头的格式。</p>`,
        `<p><strong>XRP：</strong>请分别填写经典地址（以 r 开头）和目标标签。交易所通常需要目标标签才能为您入账。</p>`,
        `<p>每个地址还会经过制裁名单和非法活动名单筛查。被标记的地址我们无法打款，您需要换用其他地址。如果筛查服务暂时不可用，请稍后重试：未经筛查的地址，我们绝不会打款。如果服务方开启了“旅行规则”（Travel Rule）步骤，您可能还需要说明该地址由哪家交易所或服务商托管。</p>`,
        `<h2>已保存的地址</h2>`,
        `<p>您可以保存常用地址，并为每个币种和网络设置一个默认地址。默认地址不能删除，请先将其他地址设为默认。</p>`,
      ),
    ),
  },
  {
    key: 'order-status-and-arrival-times',
    sectionKey: 'buying-crypto',
    position: 3,
    labels: [],
    title: t('Where is my crypto? Order statuses and arrival times', '我的加密货币到哪了？订单状态与到账时间'),
    body: t(
      html(
        `<p>Once your payment is approved we buy the crypto and send it to your wallet. On our side most orders finish within 30 seconds; after that the network needs a little time before your wallet shows the coins.</p>`,
        `<h2>Typical arrival times</h2>`,
        `<table><thead><tr><th>Network</th><th>Usually arrives in</th></tr></thead><tbody><tr><td>Bitcoin</td><td>10–60 minutes</td></tr><tr><td>Ethereum (ERC-20)</td><td>1–15 minutes</td></tr><tr><td>Tron (TRC-20)</td><td>1–5 minutes</td></tr><tr><td>Solana</td><td>1–5 minutes</td></tr><tr><td>XRP Ledger</td><td>1–5 minutes</td></tr></tbody></table>`,
        `<h2>What the statuses mean</h2>`,
        `<ul><li><strong>Awaiting bank check</strong>: your bank wants you to confirm the payment (3-D Secure).</li><li><strong>Processing</strong>: the payment is approved and we are buying and sending your crypto.</li><li><strong>Completed</strong>: the crypto was sent. The order shows the transaction hash, which you can look up in a block explorer.</li><li><strong>Failed</strong>: the order did not go through; the order shows why.</li><li><strong>Expired</strong>: the order was not completed in time and your card was not charged.</li><li><strong>Expired, refunded</strong>: the order could not be completed in time, so your payment is refunded to your card.</li><li><strong>Not charged</strong>: your card approved only part of the amount, so we cancelled the order.</li></ul>`,
        `<p>All your orders are in <a href="/en/history">Transaction history</a>. You can filter by date, status and coin; one search can cover up to 365 days.</p>`,
        `<p>If a completed order has not reached your wallet after the times above, check that your wallet is looking at the right network. If it still isn't there, use <strong>Contact support</strong> and include your order ID.</p>`,
      ),
      html(
        `<p>付款获批后，我们会购买加密货币并发送到您的钱包。大多数订单在我们这边 30 秒内即可完成，之后区块链网络还需要一点时间，您的钱包才会显示到账。</p>`,
        `<h2>一般到账时间</h2>`,
        `<table><thead><tr><th>网络</th><th>通常到账时间</th></tr></thead><tbody><tr><td>Bitcoin</td><td>10–60 分钟</td></tr><tr><td>Ethereum（ERC-20）</td><td>1–15 分钟</td></tr><tr><td>Tron（TRC-20）</td><td>1–5 分钟</td></tr><tr><td>Solana</td><td>1–5 分钟</td></tr><tr><td>XRP Ledger</td><td>1–5 分钟</td></tr></tbody></table>`,
        `<h2>订单状态说明</h2>`,
        `<ul><li><strong>等待银行验证</strong>：您的银行需要您确认这笔付款（3-D Secure）。</li><li><strong>处理中</strong>：付款已获批，我们正在购买并发送加密货币。</li><li><strong>已完成</strong>：加密货币已发出。订单中会显示交易哈希，您可以在区块浏览器中查询。</li><li><strong>失败</strong>：订单未成功，订单中会说明原因。</li><li><strong>已过期</strong>：订单未在规定时间内完成，您的银行卡没有被扣款。</li><li><strong>已过期，已退款</strong>：订单未能在规定时间内完成，款项将退回您的银行卡。</li><li><strong>未扣款</strong>：银行只批准了部分金额，因此我们取消了订单。</li></ul>`,
        `<p>所有订单都在<a href="/zh/history">交易记录</a>中。您可以按日期、状态和币种筛选，每次查询的时间范围最长 365 天。</p>`,
        `<p>如果订单已完成，但超过上述时间仍未到账，请先确认钱包查看的是正确的网络。如果仍然没有到账，请点击<strong>联系客服</strong>，并附上您的订单号。</p>`,
      ),
    ),
  },
];

const SELLING: HelpSeedArticle[] = [
  {
    key: 'how-selling-works',
    sectionKey: 'selling-crypto',
    position: 1,
    labels: [],
    title: t('How does selling crypto work?', '如何出售加密货币？'),
    body: t(
      html(
        `<p>Where selling is offered, you can sell crypto for money paid out to one of your cards or to one of your bank accounts. Whether you can sell depends on your currency, your region and the service you use Causeway through: if it is available to you, the trade page offers it.</p>`,
        `<h2>Before you sell</h2>`,
        `<ul><li><strong>Your identity must be verified.</strong></li><li><strong>You need an authenticator app.</strong> Selling sends money out of your account, so it always needs a 6-digit code from an authenticator app. If you have not set one up, we ask you to do that first.</li><li><strong>No security change in the last 24 hours.</strong> Selling is paused for 24 hours after you change your password or set up or change your authenticator. If someone else ever got into your account, this stops them cashing out straight away.</li></ul>`,
        `<h2>Step by step</h2>`,
        `<ol><li>Choose the coin and the amount to sell.</li><li>Choose where the money goes: a card, or a bank account you have added.</li><li>Check the quote: what you receive, after fees. A quote holds only for a short time; when it runs out you get a new one.</li><li>Confirm with your authenticator code.</li></ol>`,
        `<p>Not every coin can be sold to every payout method (for example, XRP cannot be sold to a card): the sell page lists what you can sell. Your sales appear in <a href="/en/history">Transaction history</a> beside your purchases.</p>`,
      ),
      html(
        `<p>在支持出售的情况下，您可以出售加密货币，款项打入您的银行卡或银行账户。能否出售取决于您使用的法币、所在地区以及您通过哪家服务使用 Causeway；如果您可以出售，交易页面上会显示该选项。</p>`,
        `<h2>出售前请确认</h2>`,
        `<ul><li><strong>已完成身份验证。</strong></li><li><strong>已设置身份验证器。</strong>出售意味着资金转出账户，因此每次都需要身份验证器应用中的 6 位验证码。如果尚未设置，系统会先引导您完成设置。</li><li><strong>最近 24 小时内没有更改安全设置。</strong>修改密码、设置或更换身份验证器后，出售功能会暂停 24 小时。万一有人盗用了您的账户，这可以防止对方立即把资金转走。</li></ul>`,
        `<h2>出售步骤</h2>`,
        `<ol><li>选择要出售的币种和数量。</li><li>选择收款方式：银行卡，或您已添加的银行账户。</li><li>核对报价，即扣除费用后您将收到的金额。报价只在短时间内有效，过期后会自动给出新报价。</li><li>输入身份验证器验证码确认。</li></ol>`,
        `<p>并非每种币都支持所有收款方式（例如 XRP 无法出售到银行卡），出售页面会列出您可以出售的币种。出售记录和购买记录一起显示在<a href="/zh/history">交易记录</a>中。</p>`,
      ),
    ),
  },
  {
    key: 'when-sale-money-arrives',
    sectionKey: 'selling-crypto',
    position: 2,
    labels: [],
    title: t('When will I receive the money from a sale?', '出售后款项多久到账？'),
    body: t(
      html(
        `<p>When a sale is complete we send the money to the card or bank account you chose. How soon you see it depends on how it is paid out:</p>`,
        `<table><thead><tr><th>Paid out by</th><th>Usually arrives in</th></tr></thead><tbody><tr><td>Card</td><td>1–3 business days</td></tr><tr><td>Bank transfer</td><td>1–2 business days</td></tr><tr><td>SEPA Instant (EUR)</td><td>Instantly</td></tr><tr><td>Faster Payments (GBP)</td><td>About 2 hours</td></tr></tbody></table>`,
        `<p>The time starts when the order shows as completed in <a href="/en/history">Transaction history</a>. Banks can take longer over weekends and public holidays, and some show card payouts only once they are settled.</p>`,
        `<h2>Why can't I sell right now?</h2>`,
        `<ul><li><strong>No authenticator:</strong> set one up in <a href="/en/settings">Settings</a> first.</li><li><strong>A recent security change:</strong> selling resumes 24 hours after a password or authenticator change. The Security centre shows when an authenticator is in this waiting period.</li><li><strong>The coin or currency is not offered for selling</strong> with the payout method you chose. Try another payout method.</li><li><strong>Verification is not complete</strong>, or your account needs attention: the page tells you what to do.</li></ul>`,
        `<h2>If the money has not arrived</h2>`,
        `<p>Check the card or bank account details on the order first. If they are right and the times above have passed, use <strong>Contact support</strong> and include the order ID.</p>`,
      ),
      html(
        `<p>出售完成后，我们会把款项打入您选择的银行卡或银行账户。到账时间取决于打款方式：</p>`,
        `<table><thead><tr><th>打款方式</th><th>通常到账时间</th></tr></thead><tbody><tr><td>银行卡</td><td>1–3 个工作日</td></tr><tr><td>银行转账</td><td>1–2 个工作日</td></tr><tr><td>SEPA 即时转账（欧元）</td><td>即时到账</td></tr><tr><td>英国快速支付 Faster Payments（英镑）</td><td>约 2 小时</td></tr></tbody></table>`,
        `<p>到账时间从订单在<a href="/zh/history">交易记录</a>中显示为“已完成”时开始计算。周末和公共假期期间，银行处理可能更慢；部分银行要等款项结算后才会显示银行卡入账。</p>`,
        `<h2>为什么我现在无法出售？</h2>`,
        `<ul><li><strong>尚未设置身份验证器：</strong>请先在<a href="/zh/settings">设置</a>中完成设置。</li><li><strong>最近更改过安全设置：</strong>修改密码或更换身份验证器 24 小时后才能恢复出售。安全中心会显示身份验证器是否处于这段等待期。</li><li><strong>该币种或法币不支持通过所选方式出售：</strong>请换一种收款方式。</li><li><strong>尚未完成验证，或账户需要处理：</strong>页面会提示您下一步该怎么做。</li></ul>`,
        `<h2>款项迟迟未到账</h2>`,
        `<p>请先核对订单中的银行卡或银行账户信息。如果信息无误且已超过上述时间，请点击<strong>联系客服</strong>，并附上订单号。</p>`,
      ),
    ),
  },
];

const VERIFICATION: HelpSeedArticle[] = [
  {
    key: 'verify-your-identity',
    sectionKey: 'identity-verification',
    position: 1,
    labels: SUGGESTED,
    title: t('How do I verify my identity?', '如何完成身份验证？'),
    body: t(
      html(
        `<p>Crypto services must know who their customers are, so you verify your identity once, before your first purchase. It usually takes about two minutes.</p>`,
        `<h2>What you need</h2>`,
        `<ul><li>Your name, date of birth, nationality and country of residence, exactly as on your document.</li><li>One valid identity document: a <strong>passport</strong> (photo page), a <strong>national ID card</strong> (front and back) or a <strong>driving licence</strong> (front and back).</li><li>You must be 18 or older.</li></ul>`,
        `<h2>Photos and files</h2>`,
        `<ul><li>JPG, JPEG, PNG or PDF, from 10 KB to 5,120 KB (5 MB) each.</li><li>Show all four corners, keep the text sharp and avoid glare.</li><li>No camera on your computer? Choose <strong>Use your phone to take the photos</strong> and scan the QR code: the photos you take appear on your computer by themselves.</li></ul>`,
        `<p>Depending on how the service is set up, verification may open on our identity partner's page instead. It asks for the same things.</p>`,
        `<h2>After you submit</h2>`,
        `<p>Most checks finish in about 2 minutes; some take up to 1–2 working days. The status page updates by itself. Once you are verified, we ask for your residential address before your first purchase; it must be in your country of residence.</p>`,
        `<p>One person may hold one Causeway account. If you already verified on another account, sign in with that one instead.</p>`,
      ),
      html(
        `<p>加密货币服务必须了解客户身份，因此您需要在首次购买前完成一次身份验证，通常只需两分钟左右。</p>`,
        `<h2>需要准备</h2>`,
        `<ul><li>姓名、出生日期、国籍和居住国家/地区，须与证件上的信息完全一致。</li><li>一份有效身份证件：<strong>护照</strong>（个人信息页）、<strong>身份证</strong>（正反面）或<strong>驾驶证</strong>（正反面）。</li><li>您必须年满 18 岁。</li></ul>`,
        `<h2>照片与文件要求</h2>`,
        `<ul><li>支持 JPG、JPEG、PNG 或 PDF 格式，每个文件 10 KB 至 5,120 KB（5 MB）。</li><li>证件四角完整入镜，文字清晰，避免反光。</li><li>电脑没有摄像头？选择<strong>用手机拍摄照片</strong>并扫描二维码，用手机拍好的照片会自动出现在电脑上。</li></ul>`,
        `<p>根据服务的配置，验证也可能在我们身份验证合作方的页面上进行，所需资料相同。</p>`,
        `<h2>提交之后</h2>`,
        `<p>大多数审核约 2 分钟即可完成，少数需要 1–2 个工作日，状态页面会自动更新。验证通过后，首次购买前我们还会请您填写居住地址，该地址必须位于您的居住国家/地区。</p>`,
        `<p>每人只能持有一个 Causeway 账户。如果您已在另一个账户完成验证，请改用那个账户登录。</p>`,
      ),
    ),
  },
  {
    key: 'verification-results',
    sectionKey: 'identity-verification',
    position: 2,
    labels: [],
    title: t('What does my verification result mean?', '验证结果是什么意思？'),
    body: t(
      html(
        `<h2>Statuses</h2>`,
        `<ul><li><strong>We are checking your documents</strong>: usually about 2 minutes, at most 1–2 working days. You cannot start again while a review is under way.</li><li><strong>We need a little more</strong>: part of what you sent could not be checked, often because of a blurry photo, a cut-off edge or an expired document. Choose <strong>Resubmit documents</strong> and go through it again with a clear photo of a valid document.</li><li><strong>You are verified</strong>: you can buy now, and your account shows the Verified badge.</li><li><strong>Verification failed</strong>: we cannot offer you our services. If you think this is a mistake, use <strong>Contact support</strong>.</li></ul>`,
        `<h2>Blocked accounts</h2>`,
        `<p>Some results block the account. The page then shows a code; quote it if you contact support.</p>`,
        `<table><thead><tr><th>Code</th><th>Meaning</th></tr></thead><tbody><tr><td>AC100001, AC100011</td><td>Your country of residence or nationality is not accepted.</td></tr><tr><td>AC100002</td><td>A match in sanctions screening.</td></tr><tr><td>AC100003</td><td>Duplicate account: you are already verified on another account.</td></tr><tr><td>AC100004</td><td>The account needs an enhanced review.</td></tr></tbody></table>`,
        `<p>Other codes come from the risk questionnaire some customers are asked to complete.</p>`,
        `<h2>Your details changed</h2>`,
        `<p>From time to time we ask you to confirm your details. If only your address changed, you can update it there. If your name, date of birth or nationality changed, use <strong>Contact support</strong>: that needs a new identity check.</p>`,
      ),
      html(
        `<h2>状态说明</h2>`,
        `<ul><li><strong>正在审核您的资料</strong>：通常约 2 分钟，最长 1–2 个工作日。审核期间无法重新开始验证。</li><li><strong>还需要补充一些信息</strong>：您提交的部分资料无法核验，常见原因是照片模糊、证件边缘被裁掉或证件已过期。请点击<strong>重新提交资料</strong>，使用清晰的有效证件照片重新验证。</li><li><strong>您已通过验证</strong>：现在即可购买，账户会显示“已验证”标识。</li><li><strong>验证未通过</strong>：我们无法为您提供服务。如您认为有误，请点击<strong>联系客服</strong>。</li></ul>`,
        `<h2>账户被冻结</h2>`,
        `<p>部分验证结果会导致账户被冻结，页面上会显示一个代码。联系客服时请提供该代码。</p>`,
        `<table><thead><tr><th>代码</th><th>含义</th></tr></thead><tbody><tr><td>AC100001、AC100011</td><td>您的居住国家/地区或国籍不在服务范围内。</td></tr><tr><td>AC100002</td><td>制裁名单筛查命中。</td></tr><tr><td>AC100003</td><td>重复账户：您已在另一个账户完成验证。</td></tr><tr><td>AC100004</td><td>账户需要接受加强审查。</td></tr></tbody></table>`,
        `<p>其他代码与部分客户需要填写的风险问卷有关。</p>`,
        `<h2>个人信息有变</h2>`,
        `<p>我们会不时请您确认个人信息。如果只是地址变了，可以直接在该页面更新。如果姓名、出生日期或国籍有变化，请点击<strong>联系客服</strong>，因为这需要重新进行身份验证。</p>`,
      ),
    ),
  },
  {
    key: 'verify-your-business',
    sectionKey: 'identity-verification',
    position: 3,
    labels: [],
    title: t('How do I verify my business (KYB)?', '如何完成企业验证（KYB）？'),
    body: t(
      html(
        `<p>Business accounts go through business verification (KYB) in the business portal. It is a form in several steps, and you can come back to it later.</p>`,
        `<h2>What we ask for</h2>`,
        `<ul><li><strong>Company details</strong>: jurisdiction, company name and trade names, registration number, legal entity type, registered and business addresses, date of incorporation, website, business email and tax ID.</li><li><strong>Business profile and financials</strong>: main activities, source of funds and source of wealth, planned monthly turnover, and the crypto addresses (with network and memo) you will use.</li><li><strong>People</strong>: directors and management, owners, and authorised traders.</li><li><strong>Documents</strong>: JPG, JPEG, PNG or PDF, 10 KB to 5,120 KB each. Source-of-funds and source-of-wealth documents must be different files.</li></ul>`,
        `<h2>Owners and signatories</h2>`,
        `<p>List everyone who owns 25% or more of the company (10% when an enhanced review applies). Directors, owners and authorised signatories must each pass individual identity verification too.</p>`,
        `<h2>Where you stand</h2>`,
        `<ul><li><strong>Not finished</strong>: choose <strong>Verify Now</strong> to complete the form.</li><li><strong>Under review</strong>: nothing to do; a review can take 1–2 working days.</li><li><strong>Needs changes</strong>: choose <strong>Try Again</strong> and update what we asked for.</li><li><strong>Failed</strong>: the reason is shown in the portal.</li></ul>`,
        `<p>Questions about a particular document? Use <strong>Contact support</strong> and tell us the company name and the step you are on.</p>`,
      ),
      html(
        `<p>企业账户需要在企业门户中完成企业验证（KYB）。验证表单分为多个步骤，可以中途保存、稍后继续。</p>`,
        `<h2>需要提供</h2>`,
        `<ul><li><strong>公司信息</strong>：注册地司法辖区、公司名称及商号、注册号、法律实体类型、注册地址与经营地址、成立日期、网站、企业邮箱和税号。</li><li><strong>业务概况与财务信息</strong>：主营业务、资金来源与财富来源、预计月交易额，以及您将使用的加密货币地址（含网络和备注）。</li><li><strong>相关人员</strong>：董事及管理层、股东，以及授权交易人。</li><li><strong>文件</strong>：JPG、JPEG、PNG 或 PDF 格式，每个 10 KB 至 5,120 KB。资金来源证明与财富来源证明必须是不同的文件。</li></ul>`,
        `<h2>股东与签字人</h2>`,
        `<p>请列出持股 25% 及以上的所有股东（如适用加强审查，则为 10% 及以上）。董事、股东和授权签字人还须各自通过个人身份验证。</p>`,
        `<h2>验证进度</h2>`,
        `<ul><li><strong>未完成</strong>：点击<strong>立即验证</strong>（Verify Now）继续填写。</li><li><strong>审核中</strong>：无需操作，审核可能需要 1–2 个工作日。</li><li><strong>需要修改</strong>：点击<strong>重试</strong>（Try Again），按要求更新资料。</li><li><strong>未通过</strong>：原因会显示在企业门户中。</li></ul>`,
        `<p>对某份文件有疑问？请点击<strong>联系客服</strong>，告诉我们公司名称以及您所在的步骤。</p>`,
      ),
    ),
  },
];

const CARDS: HelpSeedArticle[] = [
  {
    key: 'add-and-manage-cards',
    sectionKey: 'cards',
    position: 1,
    labels: [],
    title: t('How do I add or remove a card?', '如何添加或删除银行卡？'),
    body: t(
      html(
        `<p>You can pay with a Visa or Mastercard in your own name. Add a card while you buy (<strong>Add card</strong>), or from <strong>Manage cards</strong>, where you can also delete cards.</p>`,
        `<h2>Adding a card</h2>`,
        `<ul><li>Enter the card number, the expiry date (MM/YY) and the 3- or 4-digit CVV.</li><li>Enter the billing address your bank has for the card.</li><li>Your card number and CVV go straight to our payment processor. We never store them: we keep only what we need to show the card, such as its last 4 digits and expiry date.</li></ul>`,
        `<h2>Rules to know</h2>`,
        `<ul><li>You can save up to <strong>5 cards</strong>. Delete one to add another.</li><li>After you delete a card, you can add a new one <strong>48 hours</strong> later.</li><li>The same card cannot be saved twice.</li><li>Adding cards is paused for <strong>24 hours</strong> after you change your password or authenticator.</li><li>A card works until the last day of its expiry month. After that it is marked <strong>Expired</strong> and cannot be used: add your renewed card instead.</li></ul>`,
        `<p>If a card is refused when you add it, check the number, expiry date and CVV. If they are right, your bank may have refused the card: try another card or ask your bank.</p>`,
      ),
      html(
        `<p>您可以使用本人名下的 Visa 或 Mastercard 付款。可以在购买时点击<strong>添加银行卡</strong>，也可以在<strong>管理银行卡</strong>中添加或删除银行卡。</p>`,
        `<h2>添加银行卡</h2>`,
        `<ul><li>输入卡号、有效期（MM/YY）以及 3 位或 4 位 CVV 安全码。</li><li>填写发卡银行登记的账单地址。</li><li>卡号和 CVV 会直接发送给我们的支付处理商，我们从不保存它们，只保留显示卡片所需的信息，例如卡号后 4 位和有效期。</li></ul>`,
        `<h2>注意事项</h2>`,
        `<ul><li>最多可保存 <strong>5 张</strong>银行卡，删除一张后才能再添加。</li><li>删除银行卡后，需等待 <strong>48 小时</strong>才能添加新卡。</li><li>同一张卡不能重复保存。</li><li>修改密码或更换身份验证器后，<strong>24 小时</strong>内无法添加银行卡。</li><li>银行卡在有效期所在月份的最后一天之前均可使用，过期后会标记为<strong>已过期</strong>且无法使用，请添加您的新卡。</li></ul>`,
        `<p>如果添加银行卡时被拒绝，请检查卡号、有效期和 CVV。如果信息无误，可能是发卡银行拒绝了该卡，请换一张卡或咨询您的银行。</p>`,
      ),
    ),
  },
  {
    key: 'card-declined-and-3d-secure',
    sectionKey: 'cards',
    position: 2,
    labels: SUGGESTED,
    title: t('Why was my card declined, and what is 3-D Secure?', '银行卡为什么被拒？什么是 3-D Secure？'),
    body: t(
      html(
        `<h2>3-D Secure: your bank's check</h2>`,
        `<p>Many banks ask you to confirm an online payment, for example in your banking app or with a code sent by text message. This is 3-D Secure. When your bank asks for it we open its page; once you finish, you come back to Causeway and the order carries on. Meanwhile the order shows <strong>Awaiting bank check</strong>.</p>`,
        `<p>You have <strong>15 minutes</strong> to complete the check. If it is not done in time, the order expires and your card is not charged. Closed the page by mistake? Open the order and choose <strong>Open your bank's check again</strong>.</p>`,
        `<h2>Why a payment fails</h2>`,
        `<ul><li><strong>Declined by your bank</strong>: some banks decline crypto purchases or online payments. Try another card, or ask your bank to allow the payment.</li><li><strong>Insufficient balance</strong>: the card does not have enough available for the total in the quote.</li><li><strong>Bank's check failed or not completed in time</strong>: nothing was charged. Place a new order when you are ready.</li><li><strong>Only part of the amount approved</strong>: we cancel the order rather than take part of it. Nothing is charged.</li><li><strong>The payment could not be confirmed in time</strong>: check <a href="/en/history">Transaction history</a> before you try again, so you do not buy twice.</li></ul>`,
        `<p>A declined or failed order does not count towards your limits or your first-three-buys discount. If your bank held the amount, the hold is released; it can still show as pending on your statement until your bank clears it.</p>`,
        `<p>Still stuck after trying another card? Use <strong>Contact support</strong> with the order ID.</p>`,
      ),
      html(
        `<h2>3-D Secure：银行的安全验证</h2>`,
        `<p>许多银行会要求您确认网上付款，例如在银行 App 中确认，或输入短信验证码，这就是 3-D Secure。银行发起验证时，我们会打开银行的页面；您完成后会回到 Causeway，订单继续处理。验证期间，订单显示为<strong>等待银行验证</strong>。</p>`,
        `<p>您需要在 <strong>15 分钟</strong>内完成验证，超时订单将过期，银行卡不会被扣款。不小心关掉了页面？打开该订单，点击<strong>重新打开银行验证页面</strong>即可。</p>`,
        `<h2>付款失败的常见原因</h2>`,
        `<ul><li><strong>被银行拒绝</strong>：部分银行会拒绝加密货币消费或网上付款。请换一张卡，或请银行放行这笔付款。</li><li><strong>余额不足</strong>：卡内可用额度不足以支付报价中的总额。</li><li><strong>银行验证未通过或未按时完成</strong>：未扣取任何款项，准备好后请重新下单。</li><li><strong>银行只批准了部分金额</strong>：我们会取消订单，而不会只扣一部分，不会产生任何扣款。</li><li><strong>付款未能及时确认</strong>：再次尝试之前，请先查看<a href="/zh/history">交易记录</a>，以免重复购买。</li></ul>`,
        `<p>被拒或失败的订单不计入您的限额，也不会占用前三笔购买的优惠。如果银行曾冻结这笔金额，冻结会被解除；在银行处理完之前，账单上可能仍显示为“待处理”。</p>`,
        `<p>换卡后仍无法付款？请点击<strong>联系客服</strong>，并附上订单号。</p>`,
      ),
    ),
  },
  {
    key: 'refunds-and-expired-orders',
    sectionKey: 'cards',
    position: 3,
    labels: [],
    title: t('Refunds, expired orders and the 24-hour deadline', '退款、订单过期与 24 小时期限'),
    body: t(
      html(
        `<p>Every card order must be finished within <strong>24 hours</strong> of being placed. Almost every order finishes in seconds, but the deadline means no order is ever left hanging and your money is always accounted for.</p>`,
        `<h2>When you get a refund</h2>`,
        `<p>If we have already taken your payment and cannot complete the order, we refund the full amount you paid to the same card. That happens when:</p>`,
        `<ul><li>we could not buy the crypto at that moment,</li><li>we could not send the crypto to your wallet, or</li><li>the order could not be completed before its deadline (status <strong>Expired, refunded</strong>).</li></ul>`,
        `<p>A refund can take 1 to 3 business days to show on your card, depending on your bank.</p>`,
        `<h2>When nothing is charged</h2>`,
        `<p>If the order ends before your payment is taken (declined, bank's check failed or not done in time, only part of the amount approved, or expired while waiting), your card is not charged, and any amount your bank held for it is released.</p>`,
        `<h2>Paying twice by mistake</h2>`,
        `<p>Each order has its own ID, and sending the same order again never charges you a second time. If you are not sure whether an order went through, look in <a href="/en/history">Transaction history</a> before you buy again.</p>`,
        `<p>No refund on your card after 3 business days? Use <strong>Contact support</strong> with the order ID.</p>`,
      ),
      html(
        `<p>每笔银行卡订单都必须在下单后 <strong>24 小时</strong>内结束。绝大多数订单几秒钟就能完成，而这一期限确保任何订单都不会悬而未决，您的每一笔钱都有明确去向。</p>`,
        `<h2>什么情况下会退款</h2>`,
        `<p>如果我们已经扣款，但无法完成订单，会将您支付的全部金额原路退回到同一张银行卡。以下情况会退款：</p>`,
        `<ul><li>当时无法买入加密货币；</li><li>无法将加密货币发送到您的钱包；</li><li>订单未能在期限内完成（状态为<strong>已过期，已退款</strong>）。</li></ul>`,
        `<p>退款通常需要 1 至 3 个工作日才会显示在您的银行卡上，具体取决于您的银行。</p>`,
        `<h2>什么情况下不会扣款</h2>`,
        `<p>如果订单在扣款之前就已结束（被拒、银行验证未通过或超时、银行只批准了部分金额，或在等待中过期），您的银行卡不会被扣款，银行为此冻结的金额也会被释放。</p>`,
        `<h2>担心重复付款？</h2>`,
        `<p>每笔订单都有唯一的订单号，同一笔订单重复提交也绝不会被扣款两次。如果不确定订单是否成功，请先查看<a href="/zh/history">交易记录</a>，再决定是否重新购买。</p>`,
        `<p>超过 3 个工作日仍未收到退款？请点击<strong>联系客服</strong>，并附上订单号。</p>`,
      ),
    ),
  },
];

const BANK_TRANSFERS: HelpSeedArticle[] = [
  {
    key: 'how-bank-transfers-work',
    sectionKey: 'bank-transfers',
    position: 1,
    labels: [],
    title: t('How do bank transfers work?', '银行转账如何操作？'),
    body: t(
      html(
        `<p>Where bank transfers are offered, you can buy crypto or add money to your account by sending a transfer from your bank. Which currencies and transfer types you can use depends on your region and on the service you use Causeway through; the trade page shows what is available to you.</p>`,
        `<h2>Paying by bank transfer</h2>`,
        `<ol><li>Once you are verified, you get your own account details (an IBAN) for each currency you can pay in.</li><li>Start a bank-transfer order and note the instructions: the account details and the <strong>reference</strong>.</li><li>Send the transfer from your bank, with the reference entered exactly as shown. The reference is how we match your money to your order or your account.</li></ol>`,
        `<h2>How long it takes</h2>`,
        `<table><thead><tr><th>Transfer type</th><th>Usually arrives in</th></tr></thead><tbody><tr><td>Standard bank transfer</td><td>1–2 business days</td></tr><tr><td>SEPA Instant (EUR)</td><td>Instantly</td></tr><tr><td>Faster Payments (GBP)</td><td>About 2 hours</td></tr></tbody></table>`,
        `<h2>Good to know</h2>`,
        `<ul><li>The minimum transfer is about 10 EUR or 10 GBP.</li><li>A bank-transfer order stays open for a limited time, shown on the order, so send the transfer promptly.</li><li>A transfer without the right reference cannot be matched automatically and takes longer to sort out. If that happens, use <strong>Contact support</strong> with the date, the amount and the bank you sent it from.</li></ul>`,
      ),
      html(
        `<p>在支持银行转账的情况下，您可以从自己的银行发起转账来购买加密货币或为账户充值。可使用的币种和转账方式取决于您所在的地区以及您通过哪家服务使用 Causeway，交易页面会显示您可以使用的方式。</p>`,
        `<h2>通过银行转账付款</h2>`,
        `<ol><li>完成验证后，您会获得专属的收款账户信息（IBAN），每种可付款的币种各有一个。</li><li>创建银行转账订单，记下转账说明：收款账户信息和<strong>转账附言（Reference）</strong>。</li><li>从您的银行发起转账，并严格按照显示内容填写附言。我们依靠附言把您的款项与订单或账户对应起来。</li></ol>`,
        `<h2>到账时间</h2>`,
        `<table><thead><tr><th>转账方式</th><th>通常到账时间</th></tr></thead><tbody><tr><td>普通银行转账</td><td>1–2 个工作日</td></tr><tr><td>SEPA 即时转账（欧元）</td><td>即时到账</td></tr><tr><td>英国快速支付 Faster Payments（英镑）</td><td>约 2 小时</td></tr></tbody></table>`,
        `<h2>注意事项</h2>`,
        `<ul><li>最低转账金额约为 10 欧元或 10 英镑。</li><li>银行转账订单只在限定时间内有效（订单中会显示），请尽快转账。</li><li>附言不正确的转账无法自动匹配，处理时间会更长。如遇这种情况，请点击<strong>联系客服</strong>，并提供转账日期、金额和汇出银行。</li></ul>`,
      ),
    ),
  },
  {
    key: 'add-a-bank-account',
    sectionKey: 'bank-transfers',
    position: 2,
    labels: [],
    title: t('How do I add a bank account for payouts?', '如何添加用于收款的银行账户？'),
    body: t(
      html(
        `<p>To sell crypto or withdraw money by bank transfer, first add the bank account the money should go to. You manage saved accounts from the bank-transfer pages, under <strong>Manage bank accounts</strong>.</p>`,
        `<h2>What you need</h2>`,
        `<p>It depends on the country and currency of the account: an IBAN, or an account number with a sort code (UK) or an ABA routing number (US), and a SWIFT/BIC where needed. We also ask for the bank name, the account name and the account holder's address. Each number is checked for the right format before it is saved, so typos are caught early.</p>`,
        `<h2>Rules to know</h2>`,
        `<ul><li>You can add up to <strong>3 bank accounts per day</strong>, and there is an overall cap on saved accounts.</li><li>An IBAN that is already registered to another Causeway user cannot be added.</li><li>Adding bank accounts is paused for <strong>24 hours</strong> after you change your password or authenticator.</li><li>Withdrawals, like sales, need a code from your authenticator app.</li><li>Names and address lines accept letters, digits, spaces and <code>.,()'-+/</code>, up to 70 characters.</li></ul>`,
        `<p>If the form says an IBAN, SWIFT/BIC, ABA or account number is invalid, copy it again from your bank's app or statement rather than typing it. If you believe your IBAN has been registered by someone else, use <strong>Contact support</strong>.</p>`,
      ),
      html(
        `<p>如需通过银行转账出售加密货币或提现，请先添加收款银行账户。已保存的账户可在银行转账相关页面的<strong>管理银行账户</strong>中管理。</p>`,
        `<h2>需要准备</h2>`,
        `<p>具体取决于账户所在国家和币种：IBAN，或账号加分类代码（Sort code，英国）或 ABA 路由号（美国），必要时还需 SWIFT/BIC。此外还需填写银行名称、账户名称和账户持有人地址。保存前会逐项检查格式，输入错误能及早发现。</p>`,
        `<h2>注意事项</h2>`,
        `<ul><li>每天最多可添加 <strong>3 个</strong>银行账户，已保存账户的总数也有上限。</li><li>已被其他 Causeway 用户登记的 IBAN 无法添加。</li><li>修改密码或更换身份验证器后，<strong>24 小时</strong>内无法添加银行账户。</li><li>与出售一样，提现也需要身份验证器中的验证码。</li><li>姓名和地址栏仅限字母、数字、空格及 <code>.,()'-+/</code>，最多 70 个字符。</li></ul>`,
        `<p>如果表单提示 IBAN、SWIFT/BIC、ABA 或账号无效，请从银行 App 或对账单中重新复制，不要手动输入。如果您认为自己的 IBAN 被他人登记，请点击<strong>联系客服</strong>。</p>`,
      ),
    ),
  },
];

const FEES: HelpSeedArticle[] = [
  {
    key: 'what-fees-do-i-pay',
    sectionKey: 'fees',
    position: 1,
    labels: SUGGESTED,
    title: t('What fees do I pay when I buy crypto?', '购买加密货币要支付哪些费用？'),
    body: t(
      html(
        `<p>Every quote shows the full cost before you pay, and the amount you confirm is the amount charged to your card. A card purchase has three parts:</p>`,
        `<table><thead><tr><th>Part</th><th>How much</th><th>In your quote</th></tr></thead><tbody><tr><td>Our fee</td><td>2.5% of the amount charged to your card</td><td>Our fee</td></tr><tr><td>Network fee</td><td>What sending costs on the blockchain; depends on the network</td><td>Network fee</td></tr><tr><td>Spread</td><td>1% above the reference price (0.5% for USDT and USDC)</td><td>Spread (included in the price)</td></tr></tbody></table>`,
        `<p>The spread is not added on top: it is part of the price per coin in your quote. “Total fees” adds up our fee and the network fee.</p>`,
        `<h2>An example</h2>`,
        `<p>You spend 100.00 EUR on BTC. Our fee is 2.50 EUR (1.25 EUR with the first-three-buys discount). The network fee, the cost of sending 0.00002 BTC, is also taken from the 100.00 EUR, and the rest buys BTC at the quoted price, which includes the 1% spread.</p>`,
        `<h2>Paying less</h2>`,
        `<p>Your first 3 purchases get 50% off our fee, applied automatically and shown as “Promotion discount” in the quote. The network fee is a fixed amount per order rather than a percentage, so one larger purchase costs less in network fees than several small ones.</p>`,
        `<p>These are the standard rates; your quote always shows the exact amounts for your order and holds for 30 seconds. Your card issuer may add its own charges, for example for paying in a foreign currency. Those are set by your bank, not by us.</p>`,
      ),
      html(
        `<p>每份报价都会在付款前列明全部费用，您确认的金额就是银行卡实际扣款的金额。银行卡购买的费用分为三部分：</p>`,
        `<table><thead><tr><th>项目</th><th>金额</th><th>报价中的名称</th></tr></thead><tbody><tr><td>服务费</td><td>银行卡扣款金额的 2.5%</td><td>服务费</td></tr><tr><td>网络费</td><td>在区块链上转账的成本，因网络而异</td><td>网络费</td></tr><tr><td>价差</td><td>比参考价格高 1%（USDT 和 USDC 为 0.5%）</td><td>价差（已含在价格中）</td></tr></tbody></table>`,
        `<p>价差不会另外收取，它已经包含在报价的单价中。“费用合计”是服务费与网络费之和。</p>`,
        `<h2>举个例子</h2>`,
        `<p>您花 100.00 欧元购买 BTC。服务费为 2.50 欧元（享受前三笔优惠时为 1.25 欧元）。网络费（即发送 0.00002 BTC 的成本）同样从这 100.00 欧元中扣除，剩余金额按报价单价买入 BTC，单价中已包含 1% 的价差。</p>`,
        `<h2>如何省钱</h2>`,
        `<p>前 3 笔购买的服务费享受 5 折优惠，系统会自动减免，并在报价中显示为“优惠减免”。网络费按每笔订单固定收取，而不是按比例收取，所以一次性大额购买比分多次小额购买更省网络费。</p>`,
        `<p>以上为标准费率，具体金额以每笔订单的报价为准，报价锁定 30 秒。发卡银行可能另行收费（例如外币支付手续费），这些费用由银行决定，与我们无关。</p>`,
      ),
    ),
  },
  {
    key: 'network-fees',
    sectionKey: 'fees',
    position: 2,
    labels: [],
    title: t('What is the network fee?', '什么是网络费？'),
    body: t(
      html(
        `<p>Sending crypto on a blockchain costs a fee, paid to the network in its own coin. We charge that cost at the reference price of the network's coin, converted to the currency you pay in, and show it in your quote as “Network fee”.</p>`,
        `<h2>Standard network fees</h2>`,
        `<table><thead><tr><th>Network</th><th>Sending the network's own coin</th><th>Sending a token</th></tr></thead><tbody><tr><td>Bitcoin</td><td>0.00002 BTC</td><td>–</td></tr><tr><td>Ethereum</td><td>0.0001 ETH</td><td>0.0004 ETH (USDT, USDC)</td></tr><tr><td>Tron</td><td>1.1 TRX</td><td>14 TRX (USDT)</td></tr><tr><td>Solana</td><td>0.000005 SOL</td><td>0.00205 SOL (USDC)</td></tr><tr><td>XRP Ledger</td><td>0.2 XRP</td><td>–</td></tr></tbody></table>`,
        `<h2>Why tokens cost more to send</h2>`,
        `<p>A token transfer, such as USDT on Ethereum, does more work on the network than a plain transfer of its own coin. On Solana, sending a token may also have to open a token account for the receiving wallet, which costs about 0.002 SOL.</p>`,
        `<h2>Tips</h2>`,
        `<ul><li>The fee is a fixed amount per order, not a percentage, so it weighs more on small purchases.</li><li>When a coin is offered on more than one network, compare the network fee in the quote for each, and make sure your wallet or exchange supports the network you choose.</li><li>Prices move, so the network fee in your currency changes a little from quote to quote.</li></ul>`,
      ),
      html(
        `<p>在区块链上发送加密货币需要支付手续费，以该网络的原生币支付给网络。我们按该原生币的参考价格折算成您的付款币种收取这笔成本，并在报价中显示为“网络费”。</p>`,
        `<h2>标准网络费</h2>`,
        `<table><thead><tr><th>网络</th><th>发送网络原生币</th><th>发送代币</th></tr></thead><tbody><tr><td>Bitcoin</td><td>0.00002 BTC</td><td>–</td></tr><tr><td>Ethereum</td><td>0.0001 ETH</td><td>0.0004 ETH（USDT、USDC）</td></tr><tr><td>Tron</td><td>1.1 TRX</td><td>14 TRX（USDT）</td></tr><tr><td>Solana</td><td>0.000005 SOL</td><td>0.00205 SOL（USDC）</td></tr><tr><td>XRP Ledger</td><td>0.2 XRP</td><td>–</td></tr></tbody></table>`,
        `<h2>为什么发送代币更贵</h2>`,
        `<p>代币转账（例如 Ethereum 上的 USDT）比发送网络原生币占用更多的网络资源。在 Solana 上发送代币时，可能还需要为收款钱包开设代币账户，费用约为 0.002 SOL。</p>`,
        `<h2>小贴士</h2>`,
        `<ul><li>网络费是每笔订单的固定金额，不按比例收取，因此小额购买时占比更高。</li><li>如果同一币种支持多个网络，可以比较各网络报价中的网络费，并确认您的钱包或交易所支持所选网络。</li><li>由于币价波动，按您的付款币种计算的网络费在每次报价之间会略有变化。</li></ul>`,
      ),
    ),
  },
  {
    key: 'first-three-buys-discount',
    sectionKey: 'fees',
    position: 3,
    labels: [],
    title: t('Half our fee on your first three card buys', '前三笔银行卡购买服务费减半'),
    body: t(
      html(
        `<p>New customers pay half our usual fee on their first three card purchases: <strong>1.25% instead of 2.5%</strong>.</p>`,
        `<h2>How it works</h2>`,
        `<ul><li>There is nothing to do and no code to enter. The discount is applied to your quote automatically and shown as “Promotion discount”, and the buy page shows how many discounted purchases you have left.</li><li>It applies to our fee only: the network fee and the spread stay the same.</li><li>Orders that are declined, fail or expire before your card is charged do not count towards the three.</li><li>Orders still in progress do count: if you place two orders at once, both use a discount.</li><li>If your quote included the discount but another of your orders used the last one in the meantime, we ask you to refresh the quote, and the new quote has the normal fee.</li></ul>`,
        `<h2>An example</h2>`,
        `<p>On a 200.00 EUR purchase our fee is normally 5.00 EUR. With the discount it is 2.50 EUR, so 2.50 EUR more of your money goes into crypto.</p>`,
        `<p>See “What fees do I pay when I buy crypto?” for the full picture.</p>`,
      ),
      html(
        `<p>新客户前三笔银行卡购买的服务费减半：<strong>只收 1.25%，而不是 2.5%</strong>。</p>`,
        `<h2>优惠规则</h2>`,
        `<ul><li>无需任何操作，也不用输入优惠码。系统会自动在报价中减免，显示为“优惠减免”，购买页面还会显示您剩余的优惠次数。</li><li>优惠仅针对服务费，网络费和价差不变。</li><li>在扣款前就被拒、失败或过期的订单，不占用优惠次数。</li><li>处理中的订单会占用次数：如果您同时下了两笔订单，两笔都会用掉一次优惠。</li><li>如果报价中含有优惠，但在此期间您的另一笔订单已用掉最后一次优惠，我们会请您刷新报价，新报价将按正常费率收取服务费。</li></ul>`,
        `<h2>举个例子</h2>`,
        `<p>购买 200.00 欧元时，服务费通常为 5.00 欧元；享受优惠后只需 2.50 欧元，多出的 2.50 欧元都会用来购买加密货币。</p>`,
        `<p>完整的费用说明请参阅“购买加密货币要支付哪些费用？”。</p>`,
      ),
    ),
  },
];

const LIMITS: HelpSeedArticle[] = [
  {
    key: 'buying-limits',
    sectionKey: 'limits',
    position: 1,
    labels: [],
    title: t('What are my buying limits?', '我的购买限额是多少？'),
    body: t(
      html(
        `<p>Two kinds of limit apply to every purchase: the range for a single order in the currency you pay in, and your verification tier's daily, monthly and yearly limits.</p>`,
        `<h2>Limits by verification tier</h2>`,
        `<table><thead><tr><th>Tier</th><th>Per day</th><th>Per month</th><th>Per year</th></tr></thead><tbody><tr><td>Not verified</td><td>0</td><td>0</td><td>0</td></tr><tr><td>Verified</td><td>10,000 EUR</td><td>50,000 EUR</td><td>200,000 EUR</td></tr></tbody></table>`,
        `<p>Until your identity is verified you cannot buy at all. Tier limits are counted in euros: if you pay in another currency, each order is converted to euros at the time you place it.</p>`,
        `<h2>Range per order</h2>`,
        `<table><thead><tr><th>Currency</th><th>Minimum</th><th>Maximum</th></tr></thead><tbody><tr><td>EUR</td><td>20</td><td>20,000</td></tr><tr><td>GBP</td><td>20</td><td>17,000</td></tr><tr><td>USD</td><td>20</td><td>22,000</td></tr><tr><td>PLN</td><td>90</td><td>90,000</td></tr><tr><td>AED</td><td>80</td><td>80,000</td></tr></tbody></table>`,
        `<p>The amount field on the buy page shows the range that applies to you right now: the smaller of the per-order maximum and what is left of your tier's limits.</p>`,
        `<p>Verified customers all share the same tier, so there is no further step in the app to raise these limits.</p>`,
      ),
      html(
        `<p>每笔购买同时受两类限额约束：按付款币种计算的单笔订单金额范围，以及您所在验证等级的每日、每月和每年限额。</p>`,
        `<h2>各验证等级的限额</h2>`,
        `<table><thead><tr><th>等级</th><th>每日</th><th>每月</th><th>每年</th></tr></thead><tbody><tr><td>未验证</td><td>0</td><td>0</td><td>0</td></tr><tr><td>已验证</td><td>10,000 欧元</td><td>50,000 欧元</td><td>200,000 欧元</td></tr></tbody></table>`,
        `<p>完成身份验证之前无法进行任何购买。等级限额以欧元计算：如果您用其他币种付款，每笔订单会按下单时的汇率折算成欧元。</p>`,
        `<h2>单笔订单范围</h2>`,
        `<table><thead><tr><th>币种</th><th>最低</th><th>最高</th></tr></thead><tbody><tr><td>EUR（欧元）</td><td>20</td><td>20,000</td></tr><tr><td>GBP（英镑）</td><td>20</td><td>17,000</td></tr><tr><td>USD（美元）</td><td>20</td><td>22,000</td></tr><tr><td>PLN（波兰兹罗提）</td><td>90</td><td>90,000</td></tr><tr><td>AED（阿联酋迪拉姆）</td><td>80</td><td>80,000</td></tr></tbody></table>`,
        `<p>购买页面的金额输入框会显示您当前适用的范围，即单笔最高金额与等级剩余额度两者中较小的那个。</p>`,
        `<p>所有已验证客户都处于同一等级，因此应用内没有进一步提高限额的步骤。</p>`,
      ),
    ),
  },
  {
    key: 'limit-reached',
    sectionKey: 'limits',
    position: 2,
    labels: [],
    title: t("I've reached my limit. What now?", '已达到限额怎么办？'),
    body: t(
      html(
        `<p>If an amount is outside what you can buy, you see “Transaction Limit Exceeded” with the minimum and maximum you can enter. When a tier limit is used up, the buy page shows “Limit reached” and which limit it is.</p>`,
        `<h2>When limits reset</h2>`,
        `<ul><li><strong>Daily</strong>: at midnight UTC.</li><li><strong>Monthly</strong>: on the 1st of each month (UTC).</li><li><strong>Yearly</strong>: on 1 January (UTC).</li></ul>`,
        `<p>These are calendar periods, not rolling windows: a daily limit used up at 23:00 UTC is available again an hour later.</p>`,
        `<h2>What counts</h2>`,
        `<ul><li>Completed orders and orders still in progress count.</li><li>Orders that are declined, fail or expire before your card is charged do not count.</li><li>What counts is the amount you pay, converted to euros when you place the order.</li></ul>`,
        `<h2>What you can do</h2>`,
        `<ul><li>Buy a smaller amount: the page shows the most you can buy right now.</li><li>Wait for the period to reset.</li><li>If only the per-order maximum is in the way, split the purchase into several orders within your tier limits.</li></ul>`,
        `<p>If you pay in a currency other than euros, the euro value of the same amount moves with exchange rates, so an amount right at your limit may be refused when the quote refreshes. Leave a little room.</p>`,
      ),
      html(
        `<p>如果输入的金额超出可购买范围，页面会提示“超出交易限额”，并显示可输入的最低和最高金额。等级限额用完时，购买页面会显示“已达限额”以及具体是哪项限额。</p>`,
        `<h2>限额何时重置</h2>`,
        `<ul><li><strong>每日限额</strong>：UTC 时间午夜零点。</li><li><strong>每月限额</strong>：每月 1 日（UTC）。</li><li><strong>每年限额</strong>：1 月 1 日（UTC）。</li></ul>`,
        `<p>限额按自然周期计算，而不是滚动计算：例如在 UTC 时间 23:00 用完每日限额，一小时后就会恢复。</p>`,
        `<h2>哪些订单计入限额</h2>`,
        `<ul><li>已完成和处理中的订单都会计入。</li><li>在扣款前就被拒、失败或过期的订单不计入。</li><li>计入的是您支付的金额，按下单时的汇率折算成欧元。</li></ul>`,
        `<h2>您可以这样做</h2>`,
        `<ul><li>减少购买金额：页面会显示您当前最多可以购买多少。</li><li>等待限额周期重置。</li><li>如果只是受单笔最高金额限制，可以在等级限额内拆成几笔订单。</li></ul>`,
        `<p>如果您用欧元以外的币种付款，同样金额折算成欧元后的数值会随汇率变动，因此刚好卡在限额上的金额可能在报价刷新时被拒绝，建议留出一点余量。</p>`,
      ),
    ),
  },
];

const SECURITY: HelpSeedArticle[] = [
  {
    key: 'set-up-an-authenticator-app',
    sectionKey: 'security-account',
    position: 1,
    labels: [],
    title: t('How do I set up an authenticator app (2FA)?', '如何设置身份验证器（双重验证）？'),
    body: t(
      html(
        `<p>An authenticator app shows a new 6-digit code every 30 seconds. Once it is set up we ask for a code when you sign in and before money leaves your account, so a stolen password alone is not enough to get in.</p>`,
        `<h2>Set it up</h2>`,
        `<ol><li>Install an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password.</li><li>Open <a href="/en/settings">Settings</a> and, under <strong>Authenticator app (2FA)</strong>, choose <strong>Set up</strong>.</li><li>Scan the QR code with the app, or type in the setup key.</li><li>Enter the code we email you and the 6-digit code the app shows.</li></ol>`,
        `<h2>When we ask for a code</h2>`,
        `<ul><li>When you sign in.</li><li>When you confirm a purchase.</li><li>Always when you sell or withdraw: these are not possible without an authenticator.</li><li>When you change your password, or reset it.</li></ul>`,
        `<h2>Good to know</h2>`,
        `<ul><li>For 24 hours after you set up or change your authenticator, selling and adding cards or bank accounts are paused, and you are signed out on your other devices.</li><li>Each code works once. If a code is refused, wait for the next one. Codes depend on your phone's clock, so keep it set automatically.</li><li>Keep the setup key somewhere safe: with it you can add Causeway to a new phone.</li><li>Replacing your authenticator needs a code from the current app, a code we email you and a code from the new app. If you have lost the app, use <strong>Contact support</strong>.</li></ul>`,
      ),
      html(
        `<p>身份验证器应用每 30 秒生成一个新的 6 位验证码。设置后，登录时以及资金转出前都需要输入验证码，即使密码被盗，别人也无法登录您的账户。</p>`,
        `<h2>设置步骤</h2>`,
        `<ol><li>安装一个身份验证器应用，例如 Google Authenticator、Microsoft Authenticator 或 1Password。</li><li>打开<a href="/zh/settings">设置</a>，在<strong>身份验证器（双重验证）</strong>下点击<strong>设置</strong>。</li><li>用应用扫描二维码，或手动输入设置密钥。</li><li>输入我们通过邮件发送的验证码，以及应用中显示的 6 位验证码。</li></ol>`,
        `<h2>何时需要输入验证码</h2>`,
        `<ul><li>登录时。</li><li>确认购买时。</li><li>出售和提现时：未设置身份验证器则无法进行这两项操作。</li><li>修改或重置密码时。</li></ul>`,
        `<h2>注意事项</h2>`,
        `<ul><li>设置或更换身份验证器后的 24 小时内，出售以及添加银行卡或银行账户的功能会暂停，其他设备上的登录也会被退出。</li><li>每个验证码只能使用一次。如果验证码被拒绝，请等待下一个。验证码依赖手机时间，请将手机设为自动校时。</li><li>请妥善保管设置密钥，换新手机时可以用它重新添加 Causeway。</li><li>更换身份验证器需要当前应用的验证码、邮箱验证码以及新应用的验证码。如果您已无法使用原来的应用，请点击<strong>联系客服</strong>。</li></ul>`,
      ),
    ),
  },
  {
    key: 'password-rules-and-reset',
    sectionKey: 'security-account',
    position: 2,
    labels: [],
    title: t('Password rules and resetting your password', '密码规则与重置密码'),
    body: t(
      html(
        `<h2>Password rules</h2>`,
        `<ul><li>12 to 32 characters.</li><li>At least one uppercase letter, one lowercase letter, one digit and one special character.</li><li>Only English letters (A–Z, a–z), digits and these special characters: <code>!@#$%^&amp;*()_+-=[]{};':",.&lt;&gt;/?\\|\`~</code>. Spaces and other characters are not accepted.</li></ul>`,
        `<p>A few unrelated words joined with digits and symbols is easy to remember and hard to guess. Do not reuse a password from another site.</p>`,
        `<h2>Forgot your password?</h2>`,
        `<ol><li>On the sign-in page, choose <strong>Forgot password?</strong></li><li>Enter your email. If an account exists, we send it a 6-digit code.</li><li>Enter the code and your new password twice. If you have an authenticator app, you need its code as well.</li></ol>`,
        `<p>Resetting your password also lifts a sign-in lock caused by too many failed attempts.</p>`,
        `<h2>Changing your password</h2>`,
        `<p>In <a href="/en/settings">Settings</a>, choose <strong>Change password</strong>. Enter your current password, then the new one twice, plus your authenticator code if you have one.</p>`,
        `<p>Changing or resetting your password signs you out everywhere else and pauses selling and adding cards or bank accounts for 24 hours. That way, if someone else changed it, they cannot move money out straight away.</p>`,
      ),
      html(
        `<h2>密码规则</h2>`,
        `<ul><li>长度为 12 至 32 个字符。</li><li>至少包含一个大写字母、一个小写字母、一个数字和一个特殊字符。</li><li>只能使用英文字母（A–Z、a–z）、数字以及以下特殊字符：<code>!@#$%^&amp;*()_+-=[]{};':",.&lt;&gt;/?\\|\`~</code>。不支持空格、中文及其他字符。</li></ul>`,
        `<p>建议用几个互不相关的单词，加上数字和符号组合成密码，既好记又难猜。请不要使用在其他网站用过的密码。</p>`,
        `<h2>忘记密码？</h2>`,
        `<ol><li>在登录页面点击<strong>忘记密码？</strong></li><li>输入您的邮箱。如果该账户存在，我们会向其发送 6 位验证码。</li><li>输入验证码，并两次输入新密码。如果您设置了身份验证器，还需要输入其中的验证码。</li></ol>`,
        `<p>重置密码后，因多次登录失败而导致的登录锁定也会随之解除。</p>`,
        `<h2>修改密码</h2>`,
        `<p>在<a href="/zh/settings">设置</a>中点击<strong>修改密码</strong>，输入当前密码，再两次输入新密码；如果设置了身份验证器，还需输入验证码。</p>`,
        `<p>修改或重置密码后，其他设备上的登录都会被退出，出售以及添加银行卡或银行账户的功能会暂停 24 小时。这样即使密码被他人修改，对方也无法立即转走资金。</p>`,
      ),
    ),
  },
  {
    key: 'signing-in-and-email-codes',
    sectionKey: 'security-account',
    position: 3,
    labels: [],
    title: t('Signing in, email codes and keeping your account safe', '登录、邮箱验证码与账户安全'),
    body: t(
      html(
        `<h2>Email codes</h2>`,
        `<ul><li>Codes have 6 digits, are valid for 10 minutes and work once.</li><li>You can ask for a new code after 59 seconds. The new code replaces the old one.</li><li>After 5 wrong entries a code stops working: ask for a new one.</li><li>No email? Check your spam or junk folder and that your address is spelled right. Some private-relay (forwarding) addresses cannot receive our emails.</li></ul>`,
        `<h2>Too many failed attempts</h2>`,
        `<p>After 5 failed attempts (wrong password or code), sign-in to the account is locked for 1 hour and you see “Maximum attempts exceeded, try again in 1 hour”. Wait for the hour to pass, or reset your password to unlock it straight away.</p>`,
        `<h2>Staying signed in</h2>`,
        `<p>Normally you stay signed in for up to 12 hours. If you tick <strong>Stay logged in for 5 days</strong> when you sign in, you stay signed in for up to 5 days on that device; use it only on a device nobody else uses. To sign out, open the user menu and choose <strong>Log out</strong>.</p>`,
        `<h2>Keep your account safe</h2>`,
        `<ul><li>Set up an authenticator app.</li><li>Never share your password, email codes or authenticator codes with anyone, even someone who says they are from support.</li><li>One person may hold one account: do not open a second one.</li><li>If you see activity you do not recognise, change your password at once (this signs out every other session) and use <strong>Contact support</strong>.</li></ul>`,
      ),
      html(
        `<h2>邮箱验证码</h2>`,
        `<ul><li>验证码为 6 位数字，10 分钟内有效，且只能使用一次。</li><li>59 秒后可以重新获取验证码，新验证码会取代旧验证码。</li><li>输错 5 次后，该验证码即失效，请重新获取。</li><li>没收到邮件？请检查垃圾邮件文件夹，并确认邮箱地址拼写正确。部分隐私转发邮箱（Private Relay）无法接收我们的邮件。</li></ul>`,
        `<h2>多次尝试失败</h2>`,
        `<p>连续失败 5 次（密码或验证码错误）后，该账户的登录会被锁定 1 小时，页面显示“尝试次数过多，请 1 小时后再试”。您可以等待一小时，或者立即重置密码来解除锁定。</p>`,
        `<h2>保持登录</h2>`,
        `<p>一般情况下，登录状态最长保持 12 小时。如果登录时勾选<strong>保持登录 5 天</strong>，则在该设备上最长可保持登录 5 天，请只在没有他人使用的设备上勾选。如需退出，请打开用户菜单并点击<strong>退出登录</strong>。</p>`,
        `<h2>保护账户安全</h2>`,
        `<ul><li>设置身份验证器。</li><li>切勿向任何人透露密码、邮箱验证码或身份验证器验证码，即使对方自称是客服。</li><li>每人只能持有一个账户，请不要另开账户。</li><li>如果发现不明操作，请立即修改密码（这会退出所有其他设备上的登录），并点击<strong>联系客服</strong>。</li></ul>`,
      ),
    ),
  },
];

/** The Home tab's rotating cards: one or two sentences each, and only what is true of the product. */
const PROMOTIONS: HelpSeedArticle[] = [
  {
    key: 'promo-first-three-card-buys',
    sectionKey: null,
    position: 1,
    labels: PROMOTION,
    title: t('Half our fee on your first 3 card buys', '前 3 笔银行卡购买服务费减半'),
    body: t(
      `<p>Your first three card purchases cost half our usual fee: 1.25% instead of 2.5%. The discount is applied to your quote automatically.</p>`,
      `<p>前三笔银行卡购买的服务费减半，只收 1.25%，而不是 2.5%。优惠会自动体现在报价中。</p>`,
    ),
  },
  {
    key: 'promo-verify-once',
    sectionKey: null,
    position: 2,
    labels: PROMOTION,
    title: t('Verify once, buy up to your limits', '一次验证，畅享购买限额'),
    body: t(
      `<p>Verify your identity once, in about two minutes, and buy up to 10,000 EUR a day, 50,000 EUR a month and 200,000 EUR a year.</p>`,
      `<p>只需约两分钟完成一次身份验证，即可每天最多购买 10,000 欧元、每月 50,000 欧元、每年 200,000 欧元。</p>`,
    ),
  },
  {
    key: 'promo-authenticator-app',
    sectionKey: null,
    position: 3,
    labels: PROMOTION,
    title: t('Protect your account with an authenticator app', '用身份验证器保护您的账户'),
    body: t(
      `<p>Set up an authenticator app in <a href="/en/settings">Settings</a>: it guards your sign-in and confirms every order, so a stolen password is not enough.</p>`,
      `<p>在<a href="/zh/settings">设置</a>中绑定身份验证器：登录和每笔订单都需要验证码，即使密码被盗也无法被他人使用。</p>`,
    ),
  },
];

export const HELP_ARTICLES: readonly HelpSeedArticle[] = [
  ...BUYING,
  ...SELLING,
  ...VERIFICATION,
  ...CARDS,
  ...BANK_TRANSFERS,
  ...FEES,
  ...LIMITS,
  ...SECURITY,
  ...PROMOTIONS,
];
