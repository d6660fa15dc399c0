import { ErrorCode } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatAmount } from '@/lib/decimal';
import { fiatDecimalsOf, formatFiatAmount } from '@/lib/money-format';
import { errorText, isError } from '@/lib/http-errors';
import { orderLinks } from '@/lib/order-links';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { useTradeApi } from '../api/trade-queries';
import { confirmBuySend } from '../buy-send';
import { useTranslation } from '../texts';

/** A transaction that may still be paid (query-order/tranid statuses). */
const OPEN = ['Initial', 'Failed'];

/**
 * sendto-confirm?tranId=: buy-and-send. The merchant's transaction sends the crypto bought to the
 * merchant's own wallet, so before the buy page opens for it the person sees who receives it, how
 * much, on which network and at which address, and confirms (or goes back). The buy page then pays
 * it like any card buy; its result reads BuySendSuccess or BuySendFailed.
 */
export function SendToConfirmPage() {
  const { t, i18n } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tranId = params.get('tranId')?.trim() ?? '';
  const api = useTradeApi();
  const transaction = useQuery({
    queryKey: ['trade', 'trans-info', tranId],
    queryFn: async () => {
      try {
        return await api.transactionFor(tranId);
      } catch (error) {
        if (isError(error, ErrorCode.TransactionNotFound)) return null;
        throw error;
      }
    },
    enabled: tranId !== '',
  });

  if (tranId !== '' && transaction.isPending) return <Spinner size="lg" label={t('trade.sendTo.title', { merchant: '' })} />;
  if (transaction.error) return <ErrorView content={errorText(transaction.error, t)} onRetry={() => void transaction.refetch()} />;
  const info = transaction.data;
  if (!info || info.tranType !== 'BUY_SEND' || !OPEN.includes(info.status) || !info.walletAddress) {
    return (
      <ErrorView
        title={t('trade.sendTo.unavailableTitle')}
        content={t('trade.sendTo.unavailable')}
        footer={
          <Link className="text-sm font-medium text-accent underline" to={orderLinks.history(lng)}>
            {t('trade.sendTo.history')}
          </Link>
        }
      />
    );
  }

  const fiat = info.fiatAmt ? formatFiatAmount(info.fiatAmt, info.fiatCurrency, i18n.language, fiatDecimalsOf(info.fiatCurrency)) : null;
  const crypto = info.cryptoAmt ? `${formatAmount(info.cryptoAmt, i18n.language)} ${info.cryptoCurrency}` : null;
  const rows: Array<[string, string]> = [
    [t('trade.sendTo.recipient'), info.merchantName],
    ...(fiat ? [[t('trade.sendTo.youPay'), fiat] as [string, string]] : []),
    [t('trade.sendTo.theySend'), crypto ?? t('trade.sendTo.atQuote', { crypto: info.cryptoCurrency })],
    ...(info.network ? [[t('trade.sendTo.network'), info.network] as [string, string]] : []),
    [t('trade.sendTo.address'), info.walletAddress],
    ...(info.memo ? [[t('trade.sendTo.memo'), info.memo] as [string, string]] : []),
  ];
  const confirm = () => {
    confirmBuySend(info.tranId);
    void navigate(`/${lng}/buy-crypto?tranId=${encodeURIComponent(info.tranId)}`);
  };

  return (
    <section aria-labelledby="send-to-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-5 py-6">
      <h1 id="send-to-title" className="text-2xl font-semibold text-fg">
        {t('trade.sendTo.title', { merchant: info.merchantName })}
      </h1>
      <p className="text-sm text-fg">{t('trade.sendTo.intro', { merchant: info.merchantName, crypto: info.cryptoCurrency })}</p>
      <dl className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="break-all text-sm font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">{t('trade.sendTo.final')}</p>
      <div className="flex flex-col gap-3">
        <GradientButton fullWidth showContinueArrow onClick={confirm}>
          {t('trade.sendTo.confirm')}
        </GradientButton>
        <button type="button" className="text-sm font-medium text-accent underline" onClick={() => void navigate(-1)}>
          {t('trade.sendTo.back')}
        </button>
      </div>
    </section>
  );
}

export default SendToConfirmPage;
