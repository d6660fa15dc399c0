import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { rememberBuyTarget } from '@/lib/buy-after-verification';
import { formatAmount } from '@/lib/decimal';
import { errorText } from '@/lib/http-errors';
import { stripLocale } from '@/lib/locale-path';
import { orderLinks } from '@/lib/order-links';
import { FINAL_OUTCOME_SUPPORT_TOPIC } from '@/lib/support-form';
import { ErrorView, GradientButton, Spinner } from '@/ui';
import { ContactSupport } from '@/ui/contact-support';
import type { TradeSetup } from '../hooks/use-trade-setup';
import { useTranslation } from '../texts';
import type { TradeOffer } from '../trade-state';
import { StateView } from './trade-state-views';

/**
 * The states a trade page passes before its form (docs/rules/screens.md): loading, AccountNotReady,
 * kycAddress, unavailable, limit, TradingPairUnsupported, then `children` with the offer. The card
 * page and the bank-transfer pages share them; `method` picks the words that name how one pays.
 */
export function TradeSetupView({
  setup,
  method = 'CARD',
  children,
}: {
  setup: TradeSetup;
  method?: 'CARD' | 'BANK_TRANSFER';
  children: (offer: TradeOffer, chooseFirst: boolean) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const [chooseFirst, setChooseFirst] = useState(false);
  // The texts that name the card, and their bank-transfer words.
  const textOf = (card: string, bank: string) => t(method === 'BANK_TRANSFER' ? bank : card);
  const go = (page: string) => void navigate(`/${lng}/${page}`);
  /** To the status page; once verified, its Continue comes back here, query and all. */
  const verifyThenReturn = (statusPage: string) => {
    rememberBuyTarget(`${stripLocale(location.pathname).slice(1)}${location.search}`);
    go(statusPage);
  };
  const redirect = setup.state === 'redirect' ? setup.to : null;
  useEffect(() => {
    if (redirect) void navigate(`/${lng}/${redirect}`, { replace: true });
  }, [redirect, lng, navigate]);

  switch (setup.state) {
    case 'loading':
    case 'redirect':
      return (
        <div data-trade-state="loading" className="flex min-h-[50vh] items-center justify-center">
          <Spinner size="lg" label={t('trade.loading')} />
        </div>
      );
    case 'error':
      return <ErrorView content={errorText(setup.error, t)} onRetry={setup.retry} />;
    case 'AccountNotReady':
      // Verification ended: "Go to verification" would only show the same outcome again.
      if (setup.final) {
        return (
          <StateView
            state="AccountNotReady"
            title={t(`trade.states.final.${setup.final}.title`)}
            action={<ContactSupport topic={t(FINAL_OUTCOME_SUPPORT_TOPIC[setup.final])} />}
          >
            <p>
              {setup.final === 'Fail'
                ? textOf('trade.states.final.Fail.content', 'trade.bank.states.failContent')
                : t(`trade.states.final.${setup.final}.content`)}
            </p>
          </StateView>
        );
      }
      return (
        <StateView
          state="AccountNotReady"
          title={t('trade.states.accountNotReady.title')}
          action={
            <GradientButton fullWidth showContinueArrow onClick={() => verifyThenReturn(setup.statusPage)}>
              {t('trade.states.accountNotReady.action')}
            </GradientButton>
          }
        >
          <p>{textOf('trade.states.accountNotReady.content', 'trade.bank.states.accountNotReady')}</p>
        </StateView>
      );
    case 'kycAddress':
      return (
        <StateView
          state="kycAddress"
          title={t('trade.states.kycAddress.title')}
          action={
            <GradientButton fullWidth showContinueArrow onClick={() => go('account-status')}>
              {t('trade.states.kycAddress.action')}
            </GradientButton>
          }
        >
          <p>{t('trade.states.kycAddress.content')}</p>
        </StateView>
      );
    case 'unavailable':
      return (
        <StateView state="unavailable" title={t('trade.states.unavailable.title')}>
          <p>{textOf('trade.states.unavailable.content', 'trade.bank.states.unavailable')}</p>
        </StateView>
      );
    case 'limit':
      return (
        <StateView
          state="limit"
          title={t('trade.states.limit.title')}
          action={
            <GradientButton fullWidth variant="outline" onClick={() => void navigate(orderLinks.history(lng))}>
              {t('trade.states.limit.action')}
            </GradientButton>
          }
        >
          <p>
            {t(`trade.states.limit.${setup.limit.period}`, {
              amount: formatAmount(setup.limit.limitAmount, i18n.language),
              currency: setup.limit.currency,
            })}
          </p>
        </StateView>
      );
    case 'TradingPairUnsupported': {
      const { fiat, crypto, network } = setup.asked;
      // The link's pair goes; the side it asked for (?type=) stays.
      const chooseAnother = () => {
        setChooseFirst(true);
        setParams(
          (current) => {
            const side = current.get('type');
            return new URLSearchParams(side ? { type: side } : {});
          },
          { replace: true },
        );
      };
      return (
        <StateView
          state="TradingPairUnsupported"
          title={t('trade.states.pairUnsupported.title')}
          action={
            <GradientButton fullWidth onClick={chooseAnother}>
              {t('trade.states.pairUnsupported.action')}
            </GradientButton>
          }
        >
          <p>
            {t(method === 'BANK_TRANSFER' ? 'trade.bank.states.pairUnsupported' : 'trade.states.pairUnsupported.content', {
              pair: [crypto, network, fiat].filter(Boolean).join(' · '),
            })}
          </p>
        </StateView>
      );
    }
    case 'trade':
      return children(setup.offer, chooseFirst);
  }
}
