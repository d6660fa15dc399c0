import { useTranslation } from '../texts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, GradientButton } from '@/ui';
import { buttonLinkClass } from '../components/link-classes';
import { failReasonKey, isFateUnknown, isNeverCharged, parseFailReason } from '../fail-reasons';

/**
 * order-submit-fail?orderId=&reason=: a buy that did not go through (declined, the bank's check
 * failed, no answer from the server, ...), with the reason's own text. Try again starts a new
 * order; View history finds this one. When the order's fate is unknown (no answer, the processor's
 * timeout) a new order could buy twice: the first action checks this order instead (its result
 * page polls it, and says so when it was never created).
 */
export function OrderSubmitFailPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = parseFailReason(params.get('reason'));
  const orderId = params.get('orderId');
  const fateUnknown = isFateUnknown(reason);
  return (
    <ErrorView
      title={t('orders.submitFail.title')}
      content={
        <>
          <span className="block">{t(failReasonKey(reason))}</span>
          {isNeverCharged(reason) ? <span className="mt-2 block">{t('orders.outcome.notCharged')}</span> : null}
          {orderId ? <span className="mt-2 block break-all text-xs">{t('orders.submitFail.orderId', { orderId })}</span> : null}
        </>
      }
      {...(fateUnknown ? {} : { onRetry: () => void navigate(orderLinks.buy(lng)) })}
      footer={
        <>
          {fateUnknown && orderId ? (
            <GradientButton onClick={() => void navigate(orderLinks.result(lng, orderId))}>
              {t('orders.submitFail.checkOrder')}
            </GradientButton>
          ) : null}
          <Link to={orderLinks.history(lng)} className={buttonLinkClass}>
            {t('orders.result.viewHistory')}
          </Link>
        </>
      }
    />
  );
}

export default OrderSubmitFailPage;
