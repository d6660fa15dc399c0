import { ErrorCode, type SubmitSellRequest } from '@causeway/contracts';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createAuthenticatorApi, decideAuthenticatorCheck } from '@/lib/authenticator-api';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { formatDateTime } from '@/lib/date-format';
import { formatAmount, isPositiveDecimal } from '@/lib/decimal';
import { useHttpClient } from '@/lib/http-context';
import { isError, isLocked } from '@/lib/http-errors';
import { fiatDecimalsOf } from '@/lib/money-format';
import { networkNameOf } from '@/lib/network-names';
import { orderLinks } from '@/lib/order-links';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, FieldError, GradientButton, Spinner, TextInput } from '@/ui';
import { CARD_CHANNEL, channelOf } from '../api/trade-api';
import { useCards, useTradeApi } from '../api/trade-queries';
import { isUsableCard } from '../card-rules';
import { AMOUNT_DEBOUNCE_MS, useDebouncedValue } from '../hooks/use-debounced-value';
import { useQuote } from '../hooks/use-quote';
import { useTranslation } from '../texts';
import { errorDataOf, limitOf, tradeErrorText, WRONG_OTP_ERRORS } from '../trade-errors';
import type { CodeRefused } from '../trade-form-state';
import type { TradeOffer } from '../trade-state';
import { BankProceedsPanel } from './bank-funding';
import { CardSelector } from './card-selector';
import { SellQuoteSummary } from './sell-quote-summary';
import { OrderCodeModal } from './order-code-modal';
import { type TravelRuleChoice, TravelRuleField, travelRuleAnswer, useTravelRule } from './travel-rule-field';

const AddCardSheet = lazy(() => import('./add-card-sheet').then((m) => ({ default: m.AddCardSheet })));
const ManageCardsSheet = lazy(() => import('./manage-cards-sheet').then((m) => ({ default: m.ManageCardsSheet })));
const AuthenticatorBindModal = lazy(() =>
  import('@/shared/authenticator/authenticator-bind-modal').then((m) => ({ default: m.AuthenticatorBindModal })),
);

/** Where selling stands: the form, the confirmation, the authenticator (bind or code), then the order is sent. */
type Phase = 'form' | 'confirm' | 'checking' | 'bind' | 'code' | 'sending';

const selectClass =
  'h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none!';

/**
 * The card page's Sell tab (docs/rules/sell-deposits.md): the coin and network to sell, how much,
 * the card the money is paid out to, a live sell quote (what reaches the card, our fee, how long the
 * price holds), then a confirmation, the authenticator when one is bound, and submit-sell. The
 * result page then shows where to send the crypto. `bankTransfer` (banktransfer-sell): on the bank
 * channel of the currency chosen, with no card: the proceeds go to the person's balance.
 */
export function SellForm({ offer, bankTransfer = false }: { offer: TradeOffer; bankTransfer?: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useTradeApi();
  const navigate = useNavigate();
  const { lng = 'en' } = useParams();
  const client = useHttpClient();
  const authenticator = useMemo(() => createAuthenticatorApi(client), [client]);
  const ids = { fiat: useId(), coin: useId() };
  const [orderId] = useState(() => crypto.randomUUID());
  const [now] = useState(() => new Date());

  const method = bankTransfer ? 'BANK_TRANSFER' : 'CARD';
  const sellPairs = useQueries({
    queries: offer.fiats.map((fiat) => ({
      queryKey: bankTransfer
        ? ['trade', 'pairs', 'sell', channelOf(method, fiat.currency), fiat.currency]
        : ['trade', 'pairs', 'sell', fiat.currency],
      queryFn: () => api.listPairs(fiat.currency, 'sell', bankTransfer ? channelOf(method, fiat.currency) : CARD_CHANNEL),
      staleTime: 60_000,
    })),
  });
  const pairsByFiat = new Map(offer.fiats.map((fiat, index) => [fiat.currency, sellPairs[index]?.data ?? []] as const));
  const fiats = offer.fiats.filter((fiat) => (pairsByFiat.get(fiat.currency)?.length ?? 0) > 0);
  const [fiat, setFiat] = useState(offer.initial.fiat);
  const shownFiat = fiats.some((item) => item.currency === fiat) ? fiat : (fiats[0]?.currency ?? fiat);
  const pairs = pairsByFiat.get(shownFiat) ?? [];
  const [pairKey, setPairKey] = useState(`${offer.initial.crypto}|${offer.initial.network}`);
  const pair = pairs.find((item) => `${item.cryptoCurrency}|${item.network}` === pairKey) ?? pairs[0];
  const selection = { fiat: shownFiat, crypto: pair?.cryptoCurrency ?? '', network: pair?.network ?? '' };
  const networkName = networkNameOf(offer.cryptos.values(), selection.crypto, selection.network);
  const fiatDecimals = fiatDecimalsOf(selection.fiat, offer.fiats);

  const [amount, setAmount] = useState('');
  const settled = useDebouncedValue(amount.trim(), AMOUNT_DEBOUNCE_MS);
  const [phase, setPhase] = useState<Phase>('form');
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<CodeRefused>(null);
  const [email, setEmail] = useState('');
  const [cardSheet, setCardSheet] = useState<'add' | 'manage' | null>(null);
  const [chosenCardId, setChosenCardId] = useState<string | null>(null);
  const travelRule = useTravelRule();
  const [travelChoice, setTravelChoice] = useState<TravelRuleChoice>(null);
  const travelAnswer = travelRuleAnswer(travelChoice);
  const travelMissing = travelRule.enabled && !travelAnswer;
  const cards = useCards({ enabled: !bankTransfer });
  const usableCards = (cards.data?.cards ?? []).filter((card) => isUsableCard(card, now));
  const card = usableCards.find((item) => item.cardId === chosenCardId) ?? usableCards[0];

  const live = useQuote(api, orderId, selection, pair && isPositiveDecimal(settled) ? { unit: 'crypto', amount: settled } : null, {
    paused: phase !== 'form' && phase !== 'confirm',
    transactionType: 'sell',
    paymentMethod: method,
  });
  const check = useApiMutation({ mutationFn: () => authenticator.bindingStatus('SELL') });
  const submit = useApiMutation({ mutationFn: (body: SubmitSellRequest) => api.submitSell(body) });
  const money = (value: string, decimals: number) => formatAmount(value, i18n.language, { maxDecimals: decimals });

  const refusalText = (error: unknown) => {
    if (isError(error, ErrorCode.SellSuspended)) {
      const until = errorDataOf(error).until;
      return t('trade.sell.suspended', { until: until ? formatDateTime(until, i18n.language) : '' });
    }
    if (isError(error, ErrorCode.TransactionLimitExceeded)) {
      const limit = limitOf(error, { min: pair?.minAmount ?? '0', max: pair?.maxAmount ?? '0', currency: selection.fiat });
      return t('trade.sell.limit', { min: money(limit.min, fiatDecimals), max: money(limit.max, fiatDecimals), currency: limit.currency });
    }
    return tradeErrorText(error, t);
  };
  const quoteProblem = live.error ? refusalText(live.error) : undefined;
  const quoteReady = Boolean(live.quote) && !live.isStale && settled === amount.trim() && !quoteProblem && live.secondsLeft > 0;

  /** submit-sell with the code when one was asked; the result page then shows where to send the crypto. */
  const send = async (otpCode?: string) => {
    const quote = live.quote;
    if (!quote || (!card && !bankTransfer)) return;
    if (!live.isFirm(quote.quoteId)) {
      setPhase('confirm');
      return setRefusal(t('trade.errors.priceChanged'));
    }
    setPhase('sending');
    try {
      await submit.mutateAsync({
        orderId,
        quoteId: quote.quoteId,
        // A bank sell names no card: its proceeds go to the balance.
        ...(card && !bankTransfer ? { cardId: card.cardId } : {}),
        channelCode: channelOf(method, selection.fiat),
        paymentMethod: method,
        ...(travelRule.enabled && travelAnswer ? { travelRule: travelAnswer } : {}),
        ...(otpCode ? { otpType: 'GA_OTP' as const, otpCode } : {}),
      });
      void navigate(orderLinks.result(lng, orderId));
    } catch (error) {
      if (isError(error, ErrorCode.OrderAlreadySubmitted, ErrorCode.RequestStillProcessing))
        return void navigate(orderLinks.result(lng, orderId));
      if (otpCode && isLocked(error)) return (setCodeError('locked'), setPhase('code'));
      if (otpCode && isError(error, ...WRONG_OTP_ERRORS)) return (setCodeError('invalid'), setPhase('code'));
      if (!otpCode && isError(error, ErrorCode.AuthenticatorCodeRequiredForOrder)) return setPhase('code');
      if (isError(error, ErrorCode.QuoteNotCurrent, ErrorCode.QuoteExpired)) live.refresh();
      setRefusal(refusalText(error));
      setPhase('form');
    }
  };

  /** Sell confirmed: the authenticator check first (skip-otp and the Roma channel need none). */
  const confirm = async () => {
    setPhase('checking');
    try {
      const status = await check.mutateAsync();
      const step = decideAuthenticatorCheck(status, getSharedCookie(COOKIE_NAMES.isRoma) === 'true');
      if (step === 'none') return await send();
      setEmail(status.email);
      setCodeError(null);
      setPhase(step === 'bind' ? 'bind' : 'code');
    } catch (error) {
      setRefusal(refusalText(error));
      setPhase('form');
    }
  };

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setRefusal(null);
    if (quoteReady && (card || bankTransfer) && !travelMissing) setPhase('confirm');
  };

  if (sellPairs.some((query) => query.isPending)) return <Spinner label={t('trade.loading')} />;
  if (!pair) return <p className="text-sm text-fg">{t(bankTransfer ? 'trade.bank.sell.unavailable' : 'trade.sell.unavailable')}</p>;
  const quote = live.quote && !live.isStale ? live.quote : undefined;
  const amountError = attempted && !isPositiveDecimal(amount.trim()) ? t('trade.sell.amountRequired') : undefined;

  return (
    <form onSubmit={submitForm} noValidate className="flex min-w-0 flex-col gap-5" aria-label={t('trade.sell.title')}>
      <div className="flex min-w-0 flex-col">
        <label htmlFor={ids.coin} className="mb-1.5 text-sm font-medium text-fg">
          {t('trade.sell.coin')}
        </label>
        <select
          id={ids.coin}
          value={`${selection.crypto}|${selection.network}`}
          onChange={(event) => setPairKey(event.target.value)}
          className={selectClass}
        >
          {pairs.map((item) => (
            <option key={`${item.cryptoCurrency}|${item.network}`} value={`${item.cryptoCurrency}|${item.network}`}>
              {t('trade.wallets.group', {
                coin: item.cryptoCurrency,
                network: networkNameOf(offer.cryptos.values(), item.cryptoCurrency, item.network),
              })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col">
        <TextInput
          label={t('trade.sell.amount', { coin: selection.crypto })}
          name="sellAmount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onValueChange={(value) => setAmount(value.replace(',', '.'))}
          aria-describedby={amountError ? 'sell-amount-error' : undefined}
        />
        <FieldError id="sell-amount-error" message={amountError} />
      </div>
      <div className="flex min-w-0 flex-col">
        <label htmlFor={ids.fiat} className="mb-1.5 text-sm font-medium text-fg">
          {t('trade.sell.receiveIn')}
        </label>
        <select id={ids.fiat} value={selection.fiat} onChange={(event) => setFiat(event.target.value)} className={selectClass}>
          {fiats.map((item) => (
            <option key={item.currency} value={item.currency}>
              {item.currency}
            </option>
          ))}
        </select>
      </div>
      {bankTransfer ? (
        <BankProceedsPanel currency={selection.fiat} decimals={fiatDecimals} />
      ) : cards.data ? (
        <CardSelector
          cards={cards.data}
          selectedId={card?.cardId ?? null}
          onSelect={setChosenCardId}
          onAdd={() => setCardSheet('add')}
          onManage={() => setCardSheet('manage')}
          error={attempted && !card ? t('trade.card.required') : undefined}
          legend={t('trade.sell.payoutTo')}
        />
      ) : (
        <Spinner label={t('trade.sell.payoutTo')} />
      )}
      {travelRule.enabled ? (
        <TravelRuleField
          side="sell"
          vasps={travelRule.vasps}
          choice={travelChoice}
          onChange={setTravelChoice}
          error={attempted && travelMissing ? t('trade.travelRule.required') : undefined}
        />
      ) : null}
      <SellQuoteSummary
        quote={quote}
        isFetching={live.isFetching}
        secondsLeft={live.secondsLeft}
        problem={quoteProblem}
        fiatDecimals={fiatDecimals}
        receiveLabel={t(bankTransfer ? 'trade.bank.sell.youReceive' : 'trade.sell.youReceive')}
        how={t(bankTransfer ? 'trade.bank.sell.how' : 'trade.sell.how', { network: networkName, currency: selection.fiat })}
      />
      {refusal ? (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      ) : null}
      <GradientButton type="submit" fullWidth variant={quoteReady && (card || bankTransfer) ? 'primary' : 'inactive'} showContinueArrow>
        {t('trade.sell.continue')}
      </GradientButton>
      <ConfirmDialog
        open={(phase === 'confirm' || phase === 'checking' || phase === 'sending') && Boolean(quote)}
        onOpenChange={(open) => !open && setPhase('form')}
        title={t('trade.sell.confirmTitle')}
        description={
          quote && (card || bankTransfer)
            ? t(bankTransfer ? 'trade.bank.sell.confirmText' : 'trade.sell.confirmText', {
                crypto: money(quote.cryptoAmount, 8),
                coin: quote.cryptoCurrency,
                network: networkName,
                fiat: money(quote.fiatAmount, fiatDecimals),
                currency: quote.fiatCurrency,
                card: card?.cardLast4 ?? '',
              })
            : ''
        }
        confirmLabel={t('trade.sell.confirm')}
        cancelLabel={t('trade.cancel')}
        onConfirm={confirm}
      />
      <Suspense fallback={null}>
        {cardSheet === 'add' ? (
          <AddCardSheet
            onClose={() => setCardSheet(null)}
            onAdded={(added) => {
              setChosenCardId(added.cardId);
              setCardSheet(null);
            }}
          />
        ) : null}
        {cardSheet === 'manage' ? <ManageCardsSheet onClose={() => setCardSheet(null)} /> : null}
        {phase === 'bind' ? (
          <AuthenticatorBindModal
            open
            email={email}
            api={authenticator}
            onClose={() => setPhase('form')}
            onBound={() => setPhase('code')}
          />
        ) : null}
      </Suspense>
      {phase === 'code' ? <OrderCodeModal refused={codeError} onCode={(code) => void send(code)} onClose={() => setPhase('form')} /> : null}
    </form>
  );
}

export default SellForm;
