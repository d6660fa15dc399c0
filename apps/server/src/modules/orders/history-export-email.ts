import { escapeHtml } from '../../platform/html.ts';
import type { ExportLanguage } from './history-export-csv.ts';

type Email = { subject: string; text: string; html: string };

/**
 * "Your history export is ready", to the person's own address. With the download link when the
 * server knows its public origin (PUBLIC_URL): the link is no more than the mailbox already gives,
 * since an email code signs the person in. Without one it points to the history page, where the
 * export dialog shows the download.
 */
export function historyExportReadyEmail(input: { downloadUrl: string | null; expiresAt: Date; lang: ExportLanguage }): Email {
  const until = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const texts =
    input.lang === 'zh'
      ? {
          subject: '您的 Causeway 交易记录导出已完成',
          body: `您申请的交易记录 CSV 文件已生成，可下载至 ${until}，之后文件将被删除。`,
          withoutLink: '请登录后在“交易记录”页面点击“导出”下载。',
          action: '下载 CSV',
        }
      : {
          subject: 'Your Causeway history export is ready',
          body: `The CSV of your transaction history you asked for is ready. It can be downloaded until ${until}; the file is deleted after that.`,
          withoutLink: 'Sign in and choose Export on the Transaction history page to download it.',
          action: 'Download the CSV',
        };
  if (!input.downloadUrl) {
    const text = `${texts.body} ${texts.withoutLink}`;
    return { subject: texts.subject, text, html: `<p>${escapeHtml(text)}</p>` };
  }
  return {
    subject: texts.subject,
    text: `${texts.body}\n\n${texts.action}: ${input.downloadUrl}`,
    html: `<p>${escapeHtml(texts.body)}</p><p><a href="${escapeHtml(input.downloadUrl)}">${escapeHtml(texts.action)}</a></p>`,
  };
}
