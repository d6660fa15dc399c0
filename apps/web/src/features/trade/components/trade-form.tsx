import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import { compareDecimal, formatAmount, isPositiveDecimal } from '@/lib/decimal';
import { useHttpClient } from '@/lib/http-context';
import { fiatDecimalsOf } from '@/lib/money-format';
import { networkNameOf } from '@/lib/network-names';
import { GradientButton, Spinner } from '@/ui';
import { CARDS_KEY, useAmountRange, useCards, usePromotion, useTradeApi } from '../api/trade-queries';
import { isUsableCard } from '../card-rules';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { localAddressProblem, useDestination } from '../hooks/use-destination';
import { useQuote } from '../hooks/use-quote';
import { type OrderToSubmit, useSubmitBuy } from '../hooks/use-submit-buy';
import {
  addressRejectionOf, addressRejectionText, codeOf, LIMIT_CODE, limitOf, type LimitRange, QUOTE_EXPIRED_CODE, STALE_QUOTE_CODE, tradeErrorText, UNAVAILABLE_CODES,
} from '../trade-errors';
import { findPair, orderedPairs, type Selection, type TradeOffer } from '../trade-state';
import { type AmountEntry, AmountSection } from './amount-section';
import { CardSelector } from './card-selector';
import { OrderCodeModal } from './order-code-modal';
import { QuotePanel } from './quote-panel';
import { ProcessingView, UnavailableCallbackView } from './trade-state-views';
import { WalletAddressField } from './wallet-address-field';

// Loaded when first opened: most visits never open them.
const CoinChooserSheet = lazy(() => import('./coin-chooser-sheet').then((m) => ({ default: m.CoinChooserSheet })));
const AddCardSheet = lazy(() => import('./add-card-sheet').then((m) => ({ default: m.AddCardSheet })));
const ManageCardsSheet = lazy(() => import('./manage-cards-sheet').then((m) => ({ default: m.ManageCardsSheet })));
const ConfirmOrderSheet = lazy(() => import('./confirm-order-sheet').then((m) => ({ default: m.ConfirmOrderSheet })));
const AuthenticatorBindModal = lazy(() => import('@/ui/authenticator/authenticator-bind-modal').then((m) => ({ default: m.AuthenticatorBindModal })));

/** Typing settles this long before a quote is asked for. */
export const AMOUNT_DEBOUNCE_MS = 400;

/** The trade state (and chooseCoin while the chooser is open): amount, coin, address, card, live quote, confirm and pay. */
export function TradeForm({ offer, chooseFirst = false }: { offer: TradeOffer; chooseFirst?: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useTradeApi();
  const client = useHttpClient();
  const authenticator = useMemo(() => createAuthenticatorApi(client), [client]);
  const queries = useQueryClient();
  const [orderId] = useState(() => crypto.randomUUID());
  const [now] = useState(() => new Date());
  const [selection, setSelection] = useState<Selection>(offer.initial);
  const [chooser, setChooser] = useState(chooseFirst);
  const [dialog, setDialog] = useState<'add' | 'manage' | null>(null);
  // A merchant's transaction comes with its amount: typed in for the person (who may change it only when it is a prefill).
  const [entry, setEntry] = useState<AmountEntry>(() => {
    const preset = offer.transaction;
    if (preset?.fiatAmount) return { unit: 'fiat', value: preset.fiatAmount };
    if (preset?.cryptoAmount) return { unit: 'crypto', value: preset.cryptoAmount };
    return { unit: 'fiat', value: '' };
  });
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState<string>();
  const [unavailable, setUnavailable] = useState(false);
  const [saveAddress, setSaveAddress] = useState(false);

  const pair = findPair(offer, selection) ?? orderedPairs(offer, selection.fiat)[0]!;
  const coin = offer.cryptos.get(selection.crypto);
  const network = coin?.networks.find((item) => item.network === selection.network);
  const networkName = networkNameOf(offer.cryptos.values(), selection.crypto, selection.network);
  const memoName = network?.memoName ?? t('trade.address.memo');
  const decimals = { fiat: fiatDecimalsOf(selection.fiat, offer.fiats), crypto: network?.decimals ?? coin?.decimals ?? 8 };
  // The person's own room (their limits left, the pair's range cut to it) as soon as the server
  // said it; the pair's own range until then, or when it cannot say (no price to convert it, Roma).
  const ownRange = useAmountRange(selection).data;
  const range: LimitRange = ownRange?.currency === selection.fiat
    ? { min: ownRange.minAmount, max: ownRange.maxAmount, currency: selection.fiat }
    : { min: pair.minAmount, max: pair.maxAmount, currency: selection.fiat };
  const money = (value: string) => formatAmount(value, i18n.language, { maxDecimals: decimals.fiat });

  // Limits that leave less than the smallest order have no range to offer: they say so.
  const rangeText = (limit: LimitRange, key: 'trade.amount.range' | 'trade.errors.limitRange') =>
    t(compareDecimal(limit.max, limit.min) < 0 ? 'trade.amount.noRoom' : key, { min: money(limit.min), max: money(limit.max), currency: limit.currency });
  const limitText = (limit: LimitRange) => `${t('trade.errors.limit')}. ${rangeText(limit, 'trade.errors.limitRange')}`;

  const settled = useDebouncedValue(entry, AMOUNT_DEBOUNCE_MS);
  const outOfRange = settled.unit === 'fiat' && isPositiveDecimal(settled.value) && (compareDecimal(settled.value, range.min) < 0 || compareDecimal(settled.value, range.max) > 0);
  const promotion = usePromotion();
  const transaction = offer.transaction;
  const destination = useDestination(selection, transaction?.fixedWallet ?? null);
  const cards = useCards();
  const usableCards = (cards.data?.cards ?? []).filter((card) => isUsableCard(card, now));
  const card = usableCards.find((item) => item.cardId === chosenCard) ?? usableCards[0];

  // The order as confirmed at Pay: the code step sends this one, never a price renewed since.
  const confirmed = useRef<OrderToSubmit | null>(null);
  // The callbacks below run after this render, once `live` (declared after: it pauses on submit.phase) exists.
  const submit = useSubmitBuy(api, {
    authenticator,
    isQuoteFirm: (quoteId) => live.isFirm(quoteId),
    onQuoteChanged: () => setConfirmError(t('trade.errors.priceChanged')),
    onAccepted: () => {
      if (saveAddress) void api.addWallet({ cryptoCurrency: selection.crypto, network: selection.network, address: destination.address.trim(), ...(destination.memo ? { memo: destination.memo.trim() } : {}), isDefault: destination.wallets.length === 0 }).catch(() => undefined);
    },
    onFailure: (error) => {
      const code = codeOf(error);
      const rejection = addressRejectionOf(error);
      if (code && UNAVAILABLE_CODES.includes(code)) return setUnavailable(true);
      if (rejection) {
        destination.refuse(rejection);
        return setConfirming(false);
      }
      if (code === STALE_QUOTE_CODE || code === QUOTE_EXPIRED_CODE) live.refresh();
      if (code === 'CRD0000006') void queries.invalidateQueries({ queryKey: CARDS_KEY });
      setConfirmError(code === LIMIT_CODE ? limitText(limitOf(error, range)) : tradeErrorText(error, t));
    },
  });
  // No renewal while a payment is under way: the price confirmed stays the price sent.
  const live = useQuote(api, orderId, selection, isPositiveDecimal(settled.value) && !outOfRange ? { unit: settled.unit, amount: settled.value } : null, { paused: submit.phase !== 'idle', tranId: offer.transaction?.tranId });

  // Mounted whatever replaces the form, so what it says is announced (a region born with its text may not be).
  const announcer = <p role="status" className="sr-only">{submit.phase === 'processing' ? t('trade.processing.title') : ''}</p>;
  if (unavailable || UNAVAILABLE_CODES.includes(codeOf(live.error) ?? '')) {
    return <>{announcer}<UnavailableCallbackView onRetry={() => { setUnavailable(false); setConfirming(false); live.refresh(); }} /></>;
  }
  if (submit.phase === 'processing') return <>{announcer}<ProcessingView /></>;

  // A quote's range is the freshest (it counts what was bought since the page opened); the person's own room before it.
  const shownRange = live.quote && live.quote.fiatCurrency === selection.fiat ? { min: live.quote.minAmount, max: live.quote.maxAmount } : range;
  // An amount outside the limits is the amount field's own error; any other quote failure, the quote panel's.
  const amountProblem = outOfRange ? limitText(range) : codeOf(live.error) === LIMIT_CODE ? limitText(limitOf(live.error, range)) : undefined;
  const quoteProblem = amountProblem || !live.error ? undefined : tradeErrorText(live.error, t);
  const problem = amountProblem ?? quoteProblem;
  const local = localAddressProblem(destination.address, destination.memo, network?.memoRequired ?? false);
  const shownRejection = destination.rejection ?? (attempted ? local : null);
  const rejectionText = shownRejection ? addressRejectionText(shownRejection, t, memoName) : undefined;
  // Typing not yet settled: the quote shown is for the amount before.
  const settling = entry !== settled;
  const quoteReady = Boolean(live.quote) && !live.isStale && !settling && !problem && live.secondsLeft > 0;
  const order = (): OrderToSubmit => ({ orderId, quoteId: live.quote!.quoteId, cardId: card!.cardId, cryptoCurrency: selection.crypto, walletAddress: destination.address.trim(), memo: destination.memo.trim() });
  const coins = [...new Set(orderedPairs(offer, selection.fiat).map((p) => p.cryptoCurrency))].map((code) => ({
    currency: code,
    name: offer.cryptos.get(code)?.name ?? code,
    networks: orderedPairs(offer, selection.fiat).filter((p) => p.cryptoCurrency === code).map((p) => ({ network: p.network, networkName: networkNameOf(offer.cryptos.values(), code, p.network) })),
  }));

  const chooseFiat = (fiat: string) => setSelection(findPair(offer, { ...selection, fiat }) ? { ...selection, fiat } : { fiat, crypto: orderedPairs(offer, fiat)[0]!.cryptoCurrency, network: orderedPairs(offer, fiat)[0]!.network });
  const toggleUnit = () => {
    const unit = entry.unit === 'fiat' ? 'crypto' : 'fiat';
    const carried = live.quote && !live.isStale ? (unit === 'fiat' ? live.quote.fiatAmount : live.quote.cryptoAmount) : '';
    setEntry({ unit, value: carried });
  };
  const proceed = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!quoteReady || local || destination.rejection || !card) return;
    setConfirmError(undefined);
    setConfirming(true);
  };

  const form = (
    <section data-trade-state={chooser ? 'chooseCoin' : 'trade'} aria-labelledby="trade-title" className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-5 py-6">
      <h1 id="trade-title" className="text-2xl font-semibold text-fg">{t('trade.title')}</h1>
      <form onSubmit={proceed} noValidate className="flex min-w-0 flex-col gap-5">
        <AmountSection
          fiats={offer.fiats}
          fiat={selection.fiat}
          crypto={selection.crypto}
          entry={entry}
          decimals={decimals}
          rangeHint={rangeText({ ...shownRange, currency: selection.fiat }, 'trade.amount.range')}
          onFiatChange={chooseFiat}
          onEntryChange={setEntry}
          onToggleUnit={toggleUnit}
          error={amountProblem}
          fixedBy={transaction?.amountFixed ? transaction.merchantName : undefined}
        />
        <div className="flex min-w-0 flex-col">
          <span aria-hidden="true" className="mb-1.5 text-sm font-medium text-fg">{t('trade.coin.label')}</span>
          {/*
            Named by its content, "Change" included (WCAG 2.5.3, axe label-content-name-mismatch): the
            field's label is hidden text inside it, and real spaces part the words, as the name joins them.
          */}
          <button type="button" onClick={() => setChooser(true)} className="flex min-h-12 min-w-0 items-center justify-between gap-3 rounded-xl border border-line bg-surface px-3 text-left hover:bg-surface-2">
            <span className="sr-only">{t('trade.coin.label')}</span>{' '}
            <span className="min-w-0 truncate text-fg">{t('trade.coin.current', { coin: selection.crypto, name: coin?.name ?? selection.crypto, network: networkName })}</span>{' '}
            <span className="shrink-0 text-sm font-medium text-primary">{t('trade.coin.change')}</span>
          </button>
        </div>
        <WalletAddressField
          coin={selection.crypto}
          networkName={networkName}
          address={destination.address}
          memo={destination.memo}
          memoRequired={network?.memoRequired ?? false}
          memoName={memoName}
          wallets={destination.wallets}
          onChange={destination.change}
          addressError={shownRejection?.field === 'address' ? rejectionText : undefined}
          memoError={shownRejection?.field === 'memo' ? rejectionText : undefined}
          save={saveAddress}
          onSaveChange={setSaveAddress}
          fixedBy={transaction?.fixedWallet ? transaction.merchantName : undefined}
        />
        {cards.data ? (
          <CardSelector cards={cards.data} selectedId={card?.cardId ?? null} onSelect={setChosenCard} onAdd={() => setDialog('add')} onManage={() => setDialog('manage')} error={attempted && !card ? t('trade.card.required') : undefined} />
        ) : cards.isError ? (
          <p role="alert" className="text-sm text-danger">{tradeErrorText(cards.error, t)}</p>
        ) : (
          <Spinner label={t('trade.card.payWith')} />
        )}
        <QuotePanel quote={amountProblem ? undefined : live.quote} format={{ fiatDecimals: decimals.fiat, cryptoDecimals: decimals.crypto }} secondsLeft={live.secondsLeft} isUpdating={live.isFetching || (settling && isPositiveDecimal(entry.value))} wasExpired={live.wasExpired} promotion={promotion.data} problem={quoteProblem} />
        <GradientButton type="submit" fullWidth variant={quoteReady ? 'primary' : 'inactive'} showContinueArrow>{t('trade.continue')}</GradientButton>
      </form>
      <Suspense fallback={null}>
        {chooser ? <CoinChooserSheet coins={coins} selected={selection} onChoose={(crypto, net) => { setSelection({ fiat: selection.fiat, crypto, network: net }); setChooser(false); }} onClose={() => setChooser(false)} /> : null}
        {dialog === 'add' ? <AddCardSheet onClose={() => setDialog(null)} onAdded={(added) => { setChosenCard(added.cardId); setDialog(null); }} /> : null}
        {dialog === 'manage' ? <ManageCardsSheet onClose={() => setDialog(null)} /> : null}
        {confirming && live.quote && card && (submit.phase === 'idle' || submit.phase === 'checking') ? (
          <ConfirmOrderSheet
            quote={live.quote}
            format={{ fiatDecimals: decimals.fiat, cryptoDecimals: decimals.crypto }}
            card={card}
            networkName={networkName}
            address={destination.address.trim()}
            memo={destination.memo.trim()}
            memoName={memoName}
            secondsLeft={live.secondsLeft}
            isUpdating={live.isFetching}
            busy={submit.phase === 'checking'}
            error={confirmError}
            onConfirm={() => {
              setConfirmError(undefined);
              confirmed.current = order();
              void submit.begin(confirmed.current);
            }}
            onClose={() => setConfirming(false)}
          />
        ) : null}
        {submit.phase === 'bind' ? <AuthenticatorBindModal open email={submit.email} api={authenticator} onClose={submit.cancel} onBound={submit.bound} /> : null}
      </Suspense>
      {submit.phase === 'code' ? <OrderCodeModal refused={submit.codeError} onCode={(code) => { if (confirmed.current) void submit.send(confirmed.current, code); }} onClose={submit.cancel} /> : null}
    </section>
  );
  return <>{announcer}{form}</>;
}
