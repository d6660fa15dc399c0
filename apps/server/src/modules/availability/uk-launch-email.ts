import { escapeHtml } from '../../platform/html.ts';
import type { EmailLanguage } from '../identity/index.ts';

/**
 * The email the UK launch list was promised ("we will email you when you can sign in again"): sent once to each
 * member when the mode their kind of account signs in with opens to the UK. Without a public address (a real
 * inbox and no PUBLIC_URL) it names the service instead of linking to it.
 */
export function ukLaunchEmail(input: { lang: EmailLanguage; signInUrl: string | null }): { subject: string; text: string; html: string } {
  const texts =
    input.lang === 'zh'
      ? {
          subject: '您现在可以登录 Causeway 了',
          body: 'Causeway 在英国的服务已经开放。您加入了名单，所以我们通知您：现在可以登录了。交易前，我们会请您阅读风险提示。',
          action: '登录',
        }
      : {
          subject: 'You can sign in to Causeway again',
          body: "Causeway's services in the UK are open. You joined our list, so we are telling you: you can sign in now. Before you trade, we will ask you to read our risk warning.",
          action: 'Sign in',
        };
  if (input.signInUrl === null) return { subject: texts.subject, text: texts.body, html: `<p>${escapeHtml(texts.body)}</p>` };
  return {
    subject: texts.subject,
    text: `${texts.body}\n\n${texts.action}: ${input.signInUrl}`,
    html: `<p>${escapeHtml(texts.body)}</p><p><a href="${escapeHtml(input.signInUrl)}">${escapeHtml(texts.action)}</a></p>`,
  };
}
