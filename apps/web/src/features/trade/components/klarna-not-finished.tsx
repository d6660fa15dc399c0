import { useEffect, useRef, useState } from 'react';
import { leaveAppFor } from '@/lib/leave-app';
import { InfoIcon } from '@/ui/icons';
import { keptKlarnaPayment } from '../klarna-payment';
import { useTranslation } from '../texts';

const linkButton = 'min-h-10 self-start rounded-lg px-2 text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * Back on the card page after closing Klarna's widget without an answer (the klarna-callback page's
 * Close): nothing was charged, the order waits unpaid until its deadline, and its widget may be opened
 * again (the sandbox's page, when this tab kept its address). The focus comes here first, so it is read.
 */
export function KlarnaNotFinished({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [widgetUrl] = useState(() => keptKlarnaPayment(orderId)?.widgetUrl ?? null);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div
      ref={notice}
      tabIndex={-1}
      data-klarna-state="notFinished"
      aria-labelledby="klarna-not-finished-title"
      role="region"
      className="flex min-w-0 gap-3 rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg"
    >
      <InfoIcon className="text-info" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="klarna-not-finished-title" className="font-semibold">
          {t('trade.klarna.notFinished.title')}
        </h2>
        <p>{t('trade.klarna.notFinished.content')}</p>
        {widgetUrl ? (
          <button type="button" className={linkButton} onClick={() => leaveAppFor(widgetUrl)}>
            {t('trade.klarna.notFinished.return')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
