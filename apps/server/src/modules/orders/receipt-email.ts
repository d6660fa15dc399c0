import Decimal from 'decimal.js';
import { escapeHtml } from '../../platform/html.ts';
import type { OrderRow } from './orders.repository.ts';

type Email = { subject: string; text: string; html: string };

const emailOf = (subject: string, intro: string, lines: string[]): Email => ({
  subject,
  text: [intro, '', ...lines].join('\n'),
  html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
});

/** The receipt of a finished order (issue 5: "an email receipt through the mail provider"): a buy's or a sell's. English and Chinese. */
export function receiptEmail(order: OrderRow, lang: 'en' | 'zh'): Email {
  return order.transactionType === 'sell' ? sellReceipt(order, lang) : buyReceipt(order, lang);
}

/** A sale paid out: what was sold, from which address, and what reached the card. */
function sellReceipt(order: OrderRow, lang: 'en' | 'zh'): Email {
  const crypto = `${new Decimal(order.cryptoAmount).toFixed()} ${order.cryptoCurrency}`;
  const paid = `${new Decimal(order.fiatAmount).toFixed(2)} ${order.fiatCurrency}`;
  const lines =
    lang === 'zh'
      ? [`订单号：${order.id}`, `卖出：${crypto}（${order.network} 网络）`, `打入银行卡：${paid}`, `交易哈希：${order.txHash ?? '-'}`]
      : [
          `Order: ${order.id}`,
          `Sold: ${crypto} on ${order.network}`,
          `Paid to your card: ${paid}`,
          `Transaction hash: ${order.txHash ?? '-'}`,
        ];
  return lang === 'zh'
    ? emailOf(`您的 Causeway 收据：已卖出 ${crypto}`, '您的卖出已完成，款项已打入您的银行卡。到账时间取决于发卡银行。', lines)
    : emailOf(
        `Your Causeway receipt: ${crypto} sold`,
        "Your sale is complete and the money was paid to your card. When it shows depends on your card's bank.",
        lines,
      );
}

function buyReceipt(order: OrderRow, lang: 'en' | 'zh'): Email {
  const crypto = `${new Decimal(order.cryptoAmount).toFixed()} ${order.cryptoCurrency}`;
  const paid = `${new Decimal(order.fiatAmount).toFixed(2)} ${order.fiatCurrency}`;
  const lines =
    lang === 'zh'
      ? [
          `订单号：${order.id}`,
          `支付：${paid}`,
          `收到：${crypto}（${order.network} 网络）`,
          `钱包地址：${order.walletAddress}`,
          `交易哈希：${order.txHash ?? '-'}`,
        ]
      : [
          `Order: ${order.id}`,
          `Paid: ${paid}`,
          `Received: ${crypto} on ${order.network}`,
          `Wallet: ${order.walletAddress}`,
          `Transaction hash: ${order.txHash ?? '-'}`,
        ];
  const subject = lang === 'zh' ? `您的 Causeway 收据：已购买 ${crypto}` : `Your Causeway receipt: ${crypto} bought`;
  const intro =
    lang === 'zh' ? '您的购买已完成，加密货币已发送到您的钱包。' : 'Your purchase is complete and the crypto was sent to your wallet.';
  return emailOf(subject, intro, lines);
}
