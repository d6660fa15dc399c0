import Decimal from 'decimal.js';
import { escapeHtml } from '../../platform/html.ts';
import type { OrderRow } from './orders.repository.ts';

/** The receipt of a finished buy (issue 5: "an email receipt through the mail provider"). English and Chinese. */
export function receiptEmail(order: OrderRow, lang: 'en' | 'zh'): { subject: string; text: string; html: string } {
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
  return {
    subject,
    text: [intro, '', ...lines].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
  };
}
