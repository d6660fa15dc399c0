import { escapeHtml } from '../../platform/html.ts';

export type EmailLanguage = 'en' | 'zh';

/** The verification-code email (docs/sandbox.md: the code stands in the subject and the text). */
export function codeEmail(code: string, lang: EmailLanguage): { subject: string; text: string; html: string } {
  const texts =
    lang === 'zh'
      ? { subject: `您的 Causeway 验证码：${code}`, body: `您的验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略此邮件。` }
      : {
          subject: `Your Causeway code: ${code}`,
          body: `Your code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.`,
        };
  return {
    subject: texts.subject,
    text: texts.body,
    html: `<p>${escapeHtml(texts.body)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>`,
  };
}

/**
 * The unlock email: sent to the owner when password or email-code checks locked the sign-in. With
 * a link (valid 1 hour, single use) when there is an origin we can vouch for; without one it only
 * tells the owner that the lock ends by itself.
 */
export function unlockEmail(link: string | null, lang: EmailLanguage): { subject: string; text: string; html: string } {
  const texts =
    lang === 'zh'
      ? {
          subject: 'Causeway 登录已被暂时锁定',
          body: '您的 Causeway 账户因多次输入错误的密码或验证码，登录已被锁定 1 小时。如果是您本人操作，可以用下面的链接立即解锁（1 小时内有效，仅可使用一次）。如果不是您本人，建议修改密码；锁定会在 1 小时后自动解除。',
          bodyWithoutLink:
            '您的 Causeway 账户因多次输入错误的密码或验证码，登录已被锁定 1 小时。锁定会在 1 小时后自动解除。如果不是您本人操作，建议修改密码。',
          action: '解锁登录',
        }
      : {
          subject: 'Sign-in to Causeway is locked for now',
          body: 'Sign-in to your Causeway account is locked for 1 hour after too many wrong passwords or codes. If it was you, the link below unlocks it now (valid for 1 hour, once). If it was not you, consider changing your password; the lock also ends by itself after the hour.',
          bodyWithoutLink:
            'Sign-in to your Causeway account is locked for 1 hour after too many wrong passwords or codes. The lock ends by itself after the hour. If it was not you, consider changing your password.',
          action: 'Unlock sign-in',
        };
  if (link === null) return { subject: texts.subject, text: texts.bodyWithoutLink, html: `<p>${escapeHtml(texts.bodyWithoutLink)}</p>` };
  return {
    subject: texts.subject,
    text: `${texts.body}\n\n${texts.action}: ${link}`,
    html: `<p>${escapeHtml(texts.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a></p>`,
  };
}
