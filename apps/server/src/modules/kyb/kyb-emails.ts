import { escapeHtml } from '../../platform/html.ts';
import type { EmailLanguage } from '../identity/index.ts';

/**
 * The email a business's director, owner or trader gets: the company asks them to verify their identity.
 * Without a link (a real inbox and no PUBLIC_URL) it says the business will send them one.
 */
export function personLinkEmail(input: { firstName: string; companyName: string; link: string | null; lang: EmailLanguage }): {
  subject: string;
  text: string;
  html: string;
} {
  const { firstName, companyName, link } = input;
  const texts =
    input.lang === 'zh'
      ? {
          subject: `${companyName} 请您完成身份验证`,
          body: `${firstName}，您好：${companyName} 在 Causeway 开立企业账户，并将您登记为董事、股东或授权交易人。请用下面的链接完成您本人的身份验证（7 天内有效）。如果您与该公司无关，请忽略此邮件。`,
          noLink: `${firstName}，您好：${companyName} 在 Causeway 开立企业账户，并将您登记为董事、股东或授权交易人。该公司会把身份验证链接发给您。`,
          action: '验证我的身份',
        }
      : {
          subject: `${companyName} asks you to verify your identity`,
          body: `Hello ${firstName}, ${companyName} is opening a business account with Causeway and named you as a director, owner or authorised trader. Please verify your identity with the link below (valid for 7 days). If you have nothing to do with this company, ignore this email.`,
          noLink: `Hello ${firstName}, ${companyName} is opening a business account with Causeway and named you as a director, owner or authorised trader. The company will send you the link to verify your identity.`,
          action: 'Verify my identity',
        };
  if (link === null) return { subject: texts.subject, text: texts.noLink, html: `<p>${escapeHtml(texts.noLink)}</p>` };
  return {
    subject: texts.subject,
    text: `${texts.body}\n\n${texts.action}: ${link}`,
    html: `<p>${escapeHtml(texts.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a></p>`,
  };
}
