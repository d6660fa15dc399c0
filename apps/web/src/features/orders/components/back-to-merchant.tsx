import { merchantPage } from '@/lib/merchant-host';
import { useTranslation } from '../texts';
import { textLinkClass } from './link-classes';

/**
 * The way back to the merchant that sent the person (its entry's `redirectUrl`, which the server allowed):
 * the order's id and status ride along, so the merchant's page can show where the order stands.
 */
export function BackToMerchant({ orderId, status }: { orderId: string; status: string }) {
  const { t } = useTranslation();
  const page = merchantPage();
  if (!page?.redirectUrl) return null;
  const url = new URL(page.redirectUrl);
  url.searchParams.set('orderId', orderId);
  url.searchParams.set('status', status);
  return (
    <p className="mx-auto mb-8 w-full max-w-[480px] text-center">
      <a href={url.toString()} className={textLinkClass}>
        {t('orders.result.backToMerchant', { merchant: page.merchantName })}
      </a>
    </p>
  );
}
