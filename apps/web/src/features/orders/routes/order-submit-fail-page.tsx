import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorView } from '@/ui';
import { buttonLinkClass } from '../components/link-classes';
import { failReasonKey, parseFailReason } from '../fail-reasons';
import { orderLinks } from '../order-links';

/**
 * order-submit-fail?orderId=&reason=: a buy that did not go through (declined, the bank's check
 * failed, no answer from the server, ...), with the reason's own text. Try again starts a new
 * order; View history finds this one, which matters most when the submit got no answer.
 */
export function OrderSubmitFailPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = parseFailReason(params.get('reason'));
  const orderId = params.get('orderId');
  return (
    <ErrorView
      title={t('orders.submitFail.title')}
      content={
        <>
          <span className="block">{t(failReasonKey(reason))}</span>
          {orderId ? <span className="mt-2 block break-all text-xs">{t('orders.submitFail.orderId', { orderId })}</span> : null}
        </>
      }
      onRetry={() => void navigate(orderLinks.buy(lng))}
      footer={
        <Link to={orderLinks.history(lng)} className={buttonLinkClass}>
          {t('orders.result.viewHistory')}
        </Link>
      }
    />
  );
}

export default OrderSubmitFailPage;
