import { ErrorCode } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useReducer, useState } from 'react';
import { useLocation } from 'react-router';
import { storedPreOrderId } from '@/lib/merchant-transaction';
import { useTranslation } from '../texts';
import { createAuthenticatorApi } from '@/lib/authenticator-api';
import { compareDecimal, formatAmount, isPositiveDecimal } from '@/lib/decimal';
import { useHttpClient } from '@/lib/http-context';
import { isError } from '@/lib/http-errors';
import { leaveAppFor } from '@/lib/leave-app';
import { fiatDecimalsOf } from '@/lib/money-format';
import { networkNameOf } from '@/lib/network-names';
import { useTrack } from '@/lib/telemetry';
import { GradientButton, Spinner } from '@/ui';
import { channelOf, type KlarnaSessionInfo, type PaymentMethod } from '../api/trade-api';
import { CARDS_KEY, useAmountRange, useCards, useKlarnaPairs, usePromotion, useSaveWallet, useTradeApi } from '../api/trade-queries';
import { isUsableCard } from '../card-rules';
import { AMOUNT_DEBOUNCE_MS, useDebouncedValue } from '../hooks/use-debounced-value';
import type { AddressEntry } from '../hooks/full-address-check';
import { loadAddressValidator, useAddressValidator } from '../hooks/use-address-validator';
import { localAddressProblem, useDestination } from '../hooks/use-destination';
import { useQuote } from '../hooks/use-quote';
import { useSubmitBuy } from '../hooks/use-submit-buy';
import { addressRejectionOf, addressRejectionText, limitOf, type LimitRange, tradeErrorText, UNAVAILABLE_ERRORS } from '../trade-errors';
import { initialTradeFormState, type OrderToSubmit, tradeFormReducer } from '../trade-form-state';
import { keepKlarnaPayment, notFinishedKlarnaOrderOf, safeWidgetUrl } from '../klarna-payment';
import { coinsOf, findPair, klarnaPairOf, orderedPairs, type TradeOffer } from '../trade-state';
import { AmountSection } from './amount-section';
import { BankFundingPanel, useLikelyFunding } from './bank-funding';
import { CardSelector } from './card-selector';
import { CoinField } from './coin-field';
import { OrderCodeModal } from './order-code-modal';
import { KlarnaNotFinished } from './klarna-not-finished';
import { PaymentMethodChoice } from './payment-method-choice';
import { QuotePanel } from './quote-panel';
import { ProcessingView, UnavailableCallbackView } from './trade-state-views';
import { holderChoiceOf, type TravelRuleChoice, TravelRuleField, travelRuleAnswer, useTravelRule } from './travel-rule-field';
import { WalletAddressField } from './wallet-address-field';

// Loaded when first opened: most visits never open them.
const CoinChooserSheet = lazy(() => import('./coin-chooser-sheet').then((m) => ({ default: m.CoinChooserSheet })));
const AddCardSheet = lazy(() => import('./add-card-sheet').then((m) => ({ default: m.AddCardSheet })));
const ManageCardsSheet = lazy(() => import('./manage-cards-sheet').then((m) => ({ default: m.ManageCardsSheet })));
const ConfirmOrderSheet = lazy(() => import('./confirm-order-sheet').then((m) => ({ default: m.ConfirmOrderSheet })));
// Only a Klarna buy with the real Klarna (its SDK on the page) needs it.
const KlarnaStep = lazy(() => import('./klarna-step'));
const AuthenticatorBindModal = lazy(() =>
  import('@/shared/authenticator/authenticator-bind-modal').then((m) => ({ default: m.AuthenticatorBindModal })),
);

// Where it always was for the tests; the sell form takes it from the hook, without this form.
export { AMOUNT_DEBOUNCE_MS };

/**
 * The trade state (and chooseCoin while the chooser is open): amount, coin, address, card, live quote,
 * confirm and pay. `bankTransfer` (banktransfer-buy): no card nor Klarna; the quote and the order are
 * on the bank channel of the currency chosen, paid from the balance or by a transfer.
 */
export function TradeForm({
  offer,
  chooseFirst = false,
  bankTransfer = false,
}: {
  offer: TradeOffer;
  chooseFirst?: boolean;
  bankTransfer?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const api = useTradeApi();
  const client = useHttpClient();
  const track = useTrack();
  const authenticator = useMemo(() => createAuthenticatorApi(client), [client]);
  const queries = useQueryClient();
  // One order per page, unless a Klarna buy is left for another way to pay (its order waits unpaid).
  // The merchant's preOrderId, when its link named one (lib/merchant-transaction.ts), else a new id.
  const [orderId, setOrderId] = useState(() => storedPreOrderId() ?? crypto.randomUUID());
  const [now] = useState(() => new Date());
  // Back from Klarna's widget closed without an answer (klarna-callback): Klarna chosen again, and said so.
  const location = useLocation();
  const [klarnaNotFinished] = useState(() => notFinishedKlarnaOrderOf(location.state));
  // Everything the form remembers, in one reducer (trade-form-state.ts); the hooks below read it
  // and each one reads only what the ones above it gave.
  const [state, dispatch] = useReducer(
    tradeFormReducer,
    { offer, chooseFirst, paymentMethod: klarnaNotFinished ? 'KLARNA' : 'CARD' },
    initialTradeFormState,
  );
  const { selection, entry, payment } = state;
  // Klarna is offered for the pairs of the KLARNA channel (asked for the fiat shown, beside the form).
  const klarnaPair = klarnaPairOf(useKlarnaPairs(selection.fiat, { enabled: !bankTransfer }).data, selection);
  const method: PaymentMethod = bankTransfer ? 'BANK_TRANSFER' : state.paymentMethod === 'KLARNA' && klarnaPair ? 'KLARNA' : 'CARD';
  // A Klarna buy waiting for Klarna's widget on this page (the real Klarna's SDK; the sandbox's widget is a page of its own).
  const [klarnaSession, setKlarnaSession] = useState<{ orderId: string; sessionId: string; clientToken: string } | null>(null);

  const pair = (method === 'KLARNA' ? klarnaPair : undefined) ?? findPair(offer, selection) ?? orderedPairs(offer, selection.fiat)[0]!;
  const coin = offer.cryptos.get(selection.crypto);
  const network = coin?.networks.find((item) => item.network === selection.network);
  const networkName = networkNameOf(offer.cryptos.values(), selection.crypto, selection.network);
  const memoName = network?.memoName ?? t('trade.address.memo');
  const decimals = { fiat: fiatDecimalsOf(selection.fiat, offer.fiats), crypto: network?.decimals ?? coin?.decimals ?? 8 };
  // The person's own room (their limits left, the pair's range cut to it) as soon as the server
  // said it; the pair's own range until then, or when it cannot say (no price to convert it, Roma).
  const ownRange = useAmountRange(selection, channelOf(method, selection.fiat)).data;
  const range: LimitRange =
    ownRange?.currency === selection.fiat
      ? { min: ownRange.minAmount, max: ownRange.maxAmount, currency: selection.fiat }
      : { min: pair.minAmount, max: pair.maxAmount, currency: selection.fiat };
  const money = (value: string) => formatAmount(value, i18n.language, { maxDecimals: decimals.fiat });

  // Limits that leave less than the smallest order have no range to offer: they say so.
  const rangeText = (limit: LimitRange, key: 'trade.amount.range' | 'trade.errors.limitRange') =>
    t(compareDecimal(limit.max, limit.min) < 0 ? 'trade.amount.noRoom' : key, {
      min: money(limit.min),
      max: money(limit.max),
      currency: limit.currency,
    });
  const limitText = (limit: LimitRange) => `${t('trade.errors.limit')}. ${rangeText(limit, 'trade.errors.limitRange')}`;

  const settled = useDebouncedValue(entry, AMOUNT_DEBOUNCE_MS);
  const outOfRange =
    settled.unit === 'fiat' &&
    isPositiveDecimal(settled.value) &&
    (compareDecimal(settled.value, range.min) < 0 || compareDecimal(settled.value, range.max) > 0);
  const promotion = usePromotion();
  const transaction = offer.transaction;
  const destination = useDestination(selection, transaction?.fixedWallet ?? null);
  const validateAddress = useAddressValidator();
  // The travel rule's question (gtr-enabled): who holds the wallet the crypto goes to. A saved address
  // whose holder the person gave (manage-wallet) answers it until they choose otherwise.
  const travelRule = useTravelRule();
  const [chosenTravel, setTravelChoice] = useState<TravelRuleChoice>(null);
  const travelChoice =
    chosenTravel ?? holderChoiceOf(destination.wallets.find((saved) => saved.address === destination.address.trim())?.holder);
  const travelAnswer = travelRuleAnswer(travelChoice);
  const travelMissing = travelRule.enabled && !travelAnswer;
  const cards = useCards({ enabled: !bankTransfer });
  const usableCards = (cards.data?.cards ?? []).filter((card) => isUsableCard(card, now));
  const card = usableCards.find((item) => item.cardId === state.chosenCardId) ?? usableCards[0];

  // No renewal while a payment is under way: the price confirmed stays the price sent.
  const live = useQuote(
    api,
    orderId,
    selection,
    isPositiveDecimal(settled.value) && !outOfRange ? { unit: settled.unit, amount: settled.value } : null,
    { paused: payment.phase !== 'idle', tranId: offer.transaction?.tranId, paymentMethod: method },
  );
  const likelyFunding = useLikelyFunding(selection.fiat, live.quote?.fiatAmount, { enabled: bankTransfer });
  const saveWallet = useSaveWallet();
  /**
   * submit-buy answered the Klarna session: what the callback page needs is kept for this tab, then
   * the sandbox's widget opens as a page of its own (a full navigation), or Klarna's SDK in this page.
   * A replayed answer has neither (no client token): the order's result page follows it instead.
   */
  const openKlarna = (klarnaOrderId: string, session: KlarnaSessionInfo) => {
    const widgetUrl = safeWidgetUrl(session.widgetUrl);
    keepKlarnaPayment(klarnaOrderId, { sessionId: session.sessionId, widgetUrl, selection, fiatAmount: live.quote?.fiatAmount ?? '' });
    if (widgetUrl) {
      leaveAppFor(widgetUrl);
      return true;
    }
    if (!session.clientToken) return false;
    setKlarnaSession({ orderId: klarnaOrderId, sessionId: session.sessionId, clientToken: session.clientToken });
    return true;
  };
  const submit = useSubmitBuy(api, {
    authenticator,
    dispatch,
    isQuoteFirm: live.isFirm,
    onAccepted: () => {
      // Best effort: mutate() keeps a failed save to itself, and the order goes on regardless.
      if (state.saveAddress)
        saveWallet.mutate({
          cryptoCurrency: selection.crypto,
          network: selection.network,
          address: destination.address.trim(),
          ...(destination.memo ? { memo: destination.memo.trim() } : {}),
          isDefault: destination.wallets.length === 0,
        });
    },
    onKlarnaSession: openKlarna,
    onFailure: (error) => {
      const rejection = addressRejectionOf(error);
      if (isError(error, ...UNAVAILABLE_ERRORS)) return { kind: 'unavailable' };
      // Klarna refusing this purchase (its country or currency): a card may still pay it.
      if (method === 'KLARNA' && isError(error, ErrorCode.TradingPairUnsupported))
        return { kind: 'refused', text: t('trade.klarna.refused') };
      if (rejection) {
        destination.refuse(rejection);
        return { kind: 'addressRefused' };
      }
      if (isError(error, ErrorCode.QuoteNotCurrent, ErrorCode.QuoteExpired)) live.refresh();
      if (isError(error, ErrorCode.CardNotFound)) void queries.invalidateQueries({ queryKey: CARDS_KEY });
      return {
        kind: 'refused',
        text: isError(error, ErrorCode.TransactionLimitExceeded) ? limitText(limitOf(error, range)) : tradeErrorText(error, t),
      };
    },
  });

  // Mounted whatever replaces the form, so what it says is announced (a region born with its text may not be).
  const announcer = (
    <p role="status" className="sr-only">
      {payment.phase === 'processing' && !klarnaSession ? t('trade.processing.title') : ''}
    </p>
  );
  if (klarnaSession) {
    // Another way to pay: a new order on the form (Klarna's waits unpaid until its deadline).
    const startAgain = () => {
      setKlarnaSession(null);
      setOrderId(crypto.randomUUID());
      dispatch({ type: 'paymentCancelled' });
      dispatch({ type: 'confirmClosed' });
    };
    return (
      <>
        {announcer}
        <Suspense fallback={<ProcessingView />}>
          <KlarnaStep
            key={klarnaSession.orderId}
            orderId={klarnaSession.orderId}
            sessionId={klarnaSession.sessionId}
            clientToken={klarnaSession.clientToken}
            onStartAgain={startAgain}
          />
        </Suspense>
      </>
    );
  }
  if (state.unavailable || isError(live.error, ...UNAVAILABLE_ERRORS)) {
    return (
      <>
        {announcer}
        <UnavailableCallbackView
          onRetry={() => {
            dispatch({ type: 'unavailableRetried' });
            live.refresh();
          }}
        />
      </>
    );
  }
  if (payment.phase === 'processing')
    return (
      <>
        {announcer}
        <ProcessingView />
      </>
    );

  // A quote's range is the freshest (it counts what was bought since the page opened); the person's own room before it.
  const shownRange =
    live.quote && live.quote.fiatCurrency === selection.fiat ? { min: live.quote.minAmount, max: live.quote.maxAmount } : range;
  // An amount outside the limits is the amount field's own error; any other quote failure, the quote panel's.
  const amountProblem = outOfRange
    ? limitText(range)
    : isError(live.error, ErrorCode.TransactionLimitExceeded)
      ? limitText(limitOf(live.error, range))
      : undefined;
  const quoteProblem = amountProblem || !live.error ? undefined : tradeErrorText(live.error, t);
  const problem = amountProblem ?? quoteProblem;
  const addressEntry: AddressEntry = {
    network: selection.network,
    address: destination.address,
    memo: destination.memo,
    memoRequired: network?.memoRequired ?? false,
  };
  const local = localAddressProblem(addressEntry, validateAddress);
  const shownRejection = destination.rejection ?? (state.attempted ? local : null);
  const rejectionText = shownRejection ? addressRejectionText(shownRejection, t, memoName) : undefined;
  // Typing not yet settled: the quote shown is for the amount before.
  const settling = entry !== settled;
  const quoteReady = Boolean(live.quote) && !live.isStale && !settling && !problem && live.secondsLeft > 0;
  const order = (): OrderToSubmit => ({
    orderId,
    quoteId: live.quote!.quoteId,
    cardId: method === 'CARD' ? card!.cardId : null,
    paymentMethod: method,
    fiatCurrency: selection.fiat,
    cryptoCurrency: selection.crypto,
    walletAddress: destination.address.trim(),
    memo: destination.memo.trim(),
    travelRule: travelAnswer ?? undefined,
  });
  const coins = coinsOf(offer, selection.fiat);

  // The confirm step opens only on the full check's verdict: a Continue pressed while it is still
  // loading waits for it (a moment), so a bad checksum never reaches Pay. If it cannot load, the
  // minimal check decides and the server's own check refuses the rest.
  const proceed = async () => {
    const validate = validateAddress ?? (await loadAddressValidator());
    const addressProblem = localAddressProblem(addressEntry, validate);
    const payable = method !== 'CARD' || Boolean(card);
    dispatch({ type: 'continued', ready: quoteReady && !addressProblem && !destination.rejection && payable && !travelMissing });
  };
  const confirmErrorText = state.confirmError?.kind === 'priceChanged' ? t('trade.errors.priceChanged') : state.confirmError?.text;

  const form = (
    <section
      data-trade-state={state.choosingCoin ? 'chooseCoin' : 'trade'}
      aria-labelledby="trade-title"
      className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-5 py-6"
    >
      <h1 id="trade-title" className="text-2xl font-semibold text-fg">
        {t(bankTransfer ? 'trade.bank.buyTitle' : 'trade.title')}
      </h1>
      {klarnaNotFinished ? <KlarnaNotFinished orderId={klarnaNotFinished} /> : null}
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          // Analytics (lib/telemetry.ts): how the person pays, and whether the quote was ready when they went on.
          track('trade.continue', { subElementId: method, message: quoteReady ? 'quote ready' : 'quote not ready' });
          void proceed();
        }}
        noValidate
        className="flex min-w-0 flex-col gap-5"
      >
        <AmountSection
          fiats={offer.fiats}
          fiat={selection.fiat}
          crypto={selection.crypto}
          entry={entry}
          decimals={decimals}
          rangeHint={rangeText({ ...shownRange, currency: selection.fiat }, 'trade.amount.range')}
          onFiatChange={(fiat) => dispatch({ type: 'fiatChosen', fiat, offer })}
          onEntryChange={(next) => dispatch({ type: 'entryChanged', entry: next })}
          onToggleUnit={() => dispatch({ type: 'unitToggled', quote: live.quote && !live.isStale ? live.quote : null })}
          error={amountProblem}
          fixedBy={transaction?.amountFixed ? transaction.merchantName : undefined}
        />
        <CoinField
          coin={selection.crypto}
          name={coin?.name ?? selection.crypto}
          networkName={networkName}
          onOpen={() => dispatch({ type: 'coinChooserOpened' })}
        />
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
          save={state.saveAddress}
          onSaveChange={(save) => dispatch({ type: 'saveAddressChanged', save })}
          fixedBy={transaction?.fixedWallet ? transaction.merchantName : undefined}
          merchantsOwn={transaction?.sendsToMerchant ?? false}
        />
        {travelRule.enabled ? (
          <TravelRuleField
            side="buy"
            vasps={travelRule.vasps}
            choice={travelChoice}
            onChange={setTravelChoice}
            error={state.attempted && travelMissing ? t('trade.travelRule.required') : undefined}
          />
        ) : null}
        {klarnaPair ? (
          <PaymentMethodChoice value={method} onChange={(chosen) => dispatch({ type: 'paymentMethodChosen', method: chosen })} />
        ) : null}
        {bankTransfer ? (
          <BankFundingPanel currency={selection.fiat} amount={quoteReady ? live.quote?.fiatAmount : undefined} decimals={decimals.fiat} />
        ) : method === 'KLARNA' ? null : cards.data ? (
          <CardSelector
            cards={cards.data}
            selectedId={card?.cardId ?? null}
            onSelect={(cardId) => dispatch({ type: 'cardChosen', cardId })}
            onAdd={() => dispatch({ type: 'cardSheetOpened', sheet: 'add' })}
            onManage={() => dispatch({ type: 'cardSheetOpened', sheet: 'manage' })}
            error={state.attempted && !card ? t('trade.card.required') : undefined}
          />
        ) : cards.isError ? (
          <p role="alert" className="text-sm text-danger">
            {tradeErrorText(cards.error, t)}
          </p>
        ) : (
          <Spinner label={t('trade.card.payWith')} />
        )}
        <QuotePanel
          quote={amountProblem ? undefined : live.quote}
          format={{ fiatDecimals: decimals.fiat, cryptoDecimals: decimals.crypto }}
          secondsLeft={live.secondsLeft}
          isUpdating={live.isFetching || (settling && isPositiveDecimal(entry.value))}
          wasExpired={live.wasExpired}
          promotion={promotion.data}
          problem={quoteProblem}
        />
        <GradientButton type="submit" fullWidth variant={quoteReady ? 'primary' : 'inactive'} showContinueArrow>
          {t('trade.continue')}
        </GradientButton>
      </form>
      <Suspense fallback={null}>
        {state.choosingCoin ? (
          <CoinChooserSheet
            coins={coins}
            selected={selection}
            onChoose={(crypto, net) => dispatch({ type: 'coinChosen', crypto, network: net })}
            onClose={() => dispatch({ type: 'coinChooserClosed' })}
          />
        ) : null}
        {state.cardSheet === 'add' ? (
          <AddCardSheet
            onClose={() => dispatch({ type: 'cardSheetClosed' })}
            onAdded={(added) => dispatch({ type: 'cardAdded', cardId: added.cardId })}
          />
        ) : null}
        {state.cardSheet === 'manage' ? <ManageCardsSheet onClose={() => dispatch({ type: 'cardSheetClosed' })} /> : null}
        {state.confirming && live.quote && (card || method !== 'CARD') && (payment.phase === 'idle' || payment.phase === 'checking') ? (
          <ConfirmOrderSheet
            quote={live.quote}
            format={{ fiatDecimals: decimals.fiat, cryptoDecimals: decimals.crypto }}
            card={method === 'CARD' ? (card ?? null) : null}
            bankFunding={bankTransfer ? (likelyFunding ?? 'TRANSFER') : undefined}
            networkName={networkName}
            address={destination.address.trim()}
            memo={destination.memo.trim()}
            memoName={memoName}
            secondsLeft={live.secondsLeft}
            isUpdating={live.isFetching}
            busy={payment.phase === 'checking'}
            error={confirmErrorText}
            onConfirm={() => {
              const confirmed = order();
              dispatch({ type: 'payPressed', order: confirmed });
              void submit.begin(confirmed);
            }}
            onClose={() => dispatch({ type: 'confirmClosed' })}
          />
        ) : null}
        {payment.phase === 'bind' ? (
          <AuthenticatorBindModal
            open
            email={payment.email}
            api={authenticator}
            onClose={() => dispatch({ type: 'paymentCancelled' })}
            onBound={() => dispatch({ type: 'codeAsked' })}
          />
        ) : null}
      </Suspense>
      {payment.phase === 'code' ? (
        <OrderCodeModal
          refused={payment.codeError}
          onCode={(code) => {
            if (payment.confirmed) void submit.send(payment.confirmed, code);
          }}
          onClose={() => dispatch({ type: 'paymentCancelled' })}
        />
      ) : null}
    </section>
  );
  return (
    <>
      {announcer}
      {form}
    </>
  );
}
