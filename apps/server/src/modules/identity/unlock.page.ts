import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { EmailLanguage } from './email-templates.ts';
import { UNLOCK_PATH } from './unlock.service.ts';

export type UnlockPageState = 'offer' | 'done' | 'gone' | 'busy';

const TEXTS: Record<EmailLanguage, Record<UnlockPageState, { title: string; body: string }> & { action: string; signIn: string }> = {
  en: {
    offer: {
      title: 'Unlock sign-in',
      body: 'Sign-in to your account was locked after too many wrong passwords or codes. Unlock it now to sign in again.',
    },
    done: { title: 'Sign-in unlocked', body: 'You can sign in again now. If the wrong attempts were not yours, change your password.' },
    gone: {
      title: 'This link no longer works',
      body: 'It was already used or is more than an hour old. The lock ends by itself an hour after the last wrong attempt.',
    },
    busy: { title: 'Too many requests', body: 'Too many requests came from your network. Try again in an hour.' },
    action: 'Unlock sign-in',
    signIn: 'Go to sign-in',
  },
  zh: {
    offer: { title: '解锁登录', body: '由于多次输入错误的密码或验证码，您的账户登录已被锁定。立即解锁即可重新登录。' },
    done: { title: '登录已解锁', body: '您现在可以重新登录。如果这些错误尝试不是您本人所为，请修改密码。' },
    gone: { title: '此链接已失效', body: '该链接已被使用或已超过 1 小时。锁定会在最后一次错误尝试 1 小时后自动解除。' },
    busy: { title: '请求过多', body: '来自您网络的请求过多，请 1 小时后再试。' },
    action: '解锁登录',
    signIn: '前往登录',
  },
};

/**
 * The unlock link's page, served by the server (it must work without the web app): a button that
 * posts the token (mail scanners that open links must not use it up), then the outcome. Light and
 * dark colour schemes, readable at 360 px, one form a keyboard and a screen reader reach directly.
 */
export function renderUnlockPage(state: UnlockPageState, lang: EmailLanguage, token = ''): string {
  const texts = TEXTS[lang];
  const { title, body } = texts[state];
  const form =
    state === 'offer'
      ? `<form method="post" action="${UNLOCK_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${lang}"><button type="submit">${escapeHtml(texts.action)}</button></form>`
      : `<p><a href="/${lang}/login-v2">${escapeHtml(texts.signIn)}</a></p>`;
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">${FAVICON_LINK}<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Causeway</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;background:Canvas;color:CanvasText}main{max-width:28rem;margin:0 auto}h1{font-size:1.5rem}p{line-height:1.5}button{font:inherit;padding:12px 20px;min-height:44px;border-radius:8px;border:2px solid currentColor;background:ButtonFace;color:ButtonText;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid Highlight;outline-offset:2px}a{color:LinkText}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(body)}</p>${form}</main></body></html>`;
}
