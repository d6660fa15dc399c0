import { escapeHtml } from '../../platform/html.ts';
import type { EmailLanguage } from '../identity/index.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** A promotional email's own words, before the unsubscribe footer every one of them gets. */
export interface PromotionContent {
  subject: string;
  /** Paragraphs, plain text. */
  paragraphs: readonly string[];
}

/** The first promotional email: sent when a person says yes in Settings, so they see the list is real and how to leave it. */
export function welcomePromotion(lang: EmailLanguage): PromotionContent {
  return lang === 'zh'
    ? {
        subject: '您已订阅 Causeway 的新闻与优惠',
        paragraphs: [
          '感谢订阅！我们会不定期通过电子邮件向您介绍新功能、支持的新币种和优惠活动。',
          '我们绝不会通过此类邮件向您索取密码、验证码或银行卡信息。',
        ],
      }
    : {
        subject: "You're subscribed to Causeway news and offers",
        paragraphs: [
          "Thanks for subscribing! From time to time we'll email you about new features, newly supported coins and offers.",
          'These emails never ask for your password, codes or card details.',
        ],
      };
}

/**
 * The email as sent: its words, then why the person gets it and the unsubscribe link (a page that
 * asks to confirm, so a mail scanner following it changes nothing), in the text and the HTML alike.
 */
export function promotionEmail(content: PromotionContent, unsubscribeLink: string, lang: EmailLanguage): EmailContent {
  const footer =
    lang === 'zh'
      ? { why: '您收到此邮件，是因为您在“设置”中选择了接收 Causeway 的新闻与优惠。', action: '退订' }
      : { why: 'You get this email because you chose to receive Causeway news and offers in Settings.', action: 'Unsubscribe' };
  const text = [...content.paragraphs, '--', footer.why, `${footer.action}: ${unsubscribeLink}`].join('\n\n');
  const paragraphs = content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const html =
    `${paragraphs}<hr><p style="font-size:12px;color:#666">${escapeHtml(footer.why)} ` +
    `<a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(footer.action)}</a></p>`;
  return { subject: content.subject, text, html };
}
