import { escapeHtml } from '../../platform/html.ts';

export type EmailLanguage = 'en' | 'zh';

/** The verification-code email (sandbox.md: the code stands in the subject and the text). */
export function codeEmail(code: string, lang: EmailLanguage): { subject: string; text: string; html: string } {
  const texts =
    lang === 'zh'
      ? { subject: `您的 Causeway 验证码：${code}`, body: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略此邮件。` }
      : { subject: `Your Causeway code: ${code}`, body: `Your code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.` };
  return {
    subject: texts.subject,
    text: texts.body,
    html: `<p>${escapeHtml(texts.body)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>`,
  };
}
