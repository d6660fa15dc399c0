import { ErrorCode } from '@causeway/contracts';
import { Link, useParams } from 'react-router';
import { isError } from '@/lib/http-errors';
import { orderLinks } from '@/lib/order-links';
import { ErrorView } from '@/ui';
import { useTranslation } from '../texts';
import { tradeErrorText } from '../trade-errors';

const linkClass = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * submit-auth-token failed: Klarna not answering (CRD0000009: nothing was decided, the same answer is
 * sent again with Try again), or any other refusal in our words. The order's result page is a link away.
 */
export function KlarnaAuthorizationFailure({ error, orderId, onRetry }: { error: unknown; orderId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const unavailable = isError(error, ErrorCode.PaymentMethodUnavailable);
  return (
    <div data-klarna-state="failed">
      <ErrorView
        title={unavailable ? t('trade.klarna.unavailable.title') : undefined}
        content={unavailable ? t('trade.klarna.unavailable.content') : tradeErrorText(error, t)}
        onRetry={onRetry}
        footer={
          <Link to={orderLinks.result(lng, orderId)} className={linkClass}>
            {t('trade.klarna.checkOrder')}
          </Link>
        }
      />
    </div>
  );
}
