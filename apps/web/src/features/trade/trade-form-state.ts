import type { TravelRuleAnswer } from '@causeway/contracts';
import type { PaymentMethod, Quote } from './api/trade-api';
import type { AmountEntry } from './components/amount-section';
import { findPair, orderedPairs, type Selection, type TradeOffer } from './trade-state';

/** The order as confirmed at Pay: the code step sends this one, never a price renewed since. */
export interface OrderToSubmit {
  orderId: string;
  quoteId: string;
  /** The card paid with; null for a Klarna or bank-transfer buy, which names none. */
  cardId: string | null;
  /** How it is paid (absent: by card): a Klarna buy goes on to Klarna's widget. */
  paymentMethod?: PaymentMethod;
  /** The currency paid in: a bank transfer's channel depends on it (SEPA for EUR, Faster Payments for GBP). */
  fiatCurrency?: string;
  cryptoCurrency: string;
  walletAddress: string;
  memo: string;
  /** The travel rule's answer (who holds the wallet), while gtr-enabled is on. */
  travelRule?: TravelRuleAnswer | undefined;
}

/**
 * idle → checking (binding status, scenario BUY) → bind or code when an authenticator is asked
 * for → processing (submit-buy) → a navigation, or back to idle with the failure for the form.
 */
export type SubmitPhase = 'idle' | 'checking' | 'bind' | 'code' | 'processing';

/** Why the code modal asks again: the last code was wrong, or the authenticator is locked (USE000002002: five wrong codes, for an hour). */
export type CodeRefused = 'invalid' | 'locked' | null;

/** Where the confirm-and-pay flow stands (hooks/use-submit-buy.ts runs it). */
export interface PaymentState {
  phase: SubmitPhase;
  /** The account's email, for the bind modal. */
  email: string;
  /** Why the last code was refused, if it was: the code modal says so. */
  codeError: CodeRefused;
  confirmed: OrderToSubmit | null;
}

/** What the confirm sheet says went wrong: the price moved under the person, or the server's refusal in our words. */
export type ConfirmError = { kind: 'priceChanged' } | { kind: 'refused'; text: string };

/** How the form shows a payment that failed (the form decides it, trade-form.tsx): the unavailable state, the address field, or the confirm sheet. */
export type PaymentFailureView = { kind: 'unavailable' } | { kind: 'addressRefused' } | { kind: 'refused'; text: string };

/** Everything the trade form remembers between renders; what can be worked out from it (and the queries) is worked out in the form. */
export interface TradeFormState {
  selection: Selection;
  /** The coin chooser is open (the page's chooseCoin state). */
  choosingCoin: boolean;
  cardSheet: 'add' | 'manage' | null;
  entry: AmountEntry;
  /** Card or Klarna, as chosen; Klarna counts only while the pair chosen is offered on the KLARNA channel (the form decides). */
  paymentMethod: PaymentMethod;
  /** The card picked; null (or a card no longer usable): the first usable card. */
  chosenCardId: string | null;
  /** Continue was pressed: the form's own checks (address, card) show from then on. */
  attempted: boolean;
  /** The confirm sheet is open. */
  confirming: boolean;
  confirmError: ConfirmError | null;
  /** A payment failure said the payment method is unavailable (the unavailableCallback state). */
  unavailable: boolean;
  /** Save the address typed to the address book once the order is taken. */
  saveAddress: boolean;
  payment: PaymentState;
}

export type PaymentAction =
  | { type: 'payPressed'; order: OrderToSubmit }
  | { type: 'checkStarted' }
  | { type: 'authenticatorAsked'; step: 'bind' | 'code'; email: string }
  /** The bind succeeded, or the server asked a code the check had not. */
  | { type: 'codeAsked' }
  | { type: 'codeRefused'; reason: Exclude<CodeRefused, null> }
  | { type: 'sending' }
  /** The confirmed quote was renewed or ran out before it was sent: nothing was sent. */
  | { type: 'quoteChanged' }
  | { type: 'paymentFailed'; view: PaymentFailureView }
  | { type: 'paymentCancelled' };

export type TradeFormAction =
  | { type: 'fiatChosen'; fiat: string; offer: Pick<TradeOffer, 'pairsByFiat' | 'cryptos'> }
  | { type: 'coinChooserOpened' }
  | { type: 'coinChooserClosed' }
  | { type: 'coinChosen'; crypto: string; network: string }
  | { type: 'entryChanged'; entry: AmountEntry }
  /** The amount switches unit; `quote`: the fresh quote whose amount in the new unit is carried over, if any. */
  | { type: 'unitToggled'; quote: Pick<Quote, 'fiatAmount' | 'cryptoAmount'> | null }
  | { type: 'cardSheetOpened'; sheet: 'add' | 'manage' }
  | { type: 'cardSheetClosed' }
  | { type: 'cardChosen'; cardId: string }
  | { type: 'paymentMethodChosen'; method: PaymentMethod }
  | { type: 'cardAdded'; cardId: string }
  | { type: 'saveAddressChanged'; save: boolean }
  /** Continue pressed; `ready`: the quote, address and card allow the confirm step. */
  | { type: 'continued'; ready: boolean }
  | { type: 'confirmClosed' }
  /** Try again on the unavailable state. */
  | { type: 'unavailableRetried' }
  | PaymentAction;

/**
 * A merchant's transaction comes with its amount: typed in for the person (who may change it only when it is a prefill).
 * Else a link's fiat amount (the start page's Continue), typed in too.
 */
export function initialEntry(transaction: TradeOffer['transaction'], askedFiatAmount?: string): AmountEntry {
  if (transaction?.fiatAmount) return { unit: 'fiat', value: transaction.fiatAmount };
  if (transaction?.cryptoAmount) return { unit: 'crypto', value: transaction.cryptoAmount };
  return { unit: 'fiat', value: askedFiatAmount ?? '' };
}

export function initialTradeFormState({
  offer,
  chooseFirst,
  paymentMethod = 'CARD',
}: {
  offer: TradeOffer;
  chooseFirst: boolean;
  /** Klarna when the person comes back from a Klarna payment they did not finish. */
  paymentMethod?: PaymentMethod;
}): TradeFormState {
  return {
    selection: offer.initial,
    choosingCoin: chooseFirst,
    cardSheet: null,
    entry: initialEntry(offer.transaction, offer.askedFiatAmount),
    paymentMethod,
    chosenCardId: null,
    attempted: false,
    confirming: false,
    confirmError: null,
    unavailable: false,
    saveAddress: false,
    payment: { phase: 'idle', email: '', codeError: null, confirmed: null },
  };
}

/** Another fiat keeps the coin and network when it offers them; else it takes its first pair. */
export function selectionForFiat(offer: Pick<TradeOffer, 'pairsByFiat' | 'cryptos'>, selection: Selection, fiat: string): Selection {
  if (findPair(offer, { ...selection, fiat })) return { ...selection, fiat };
  const first = orderedPairs(offer, fiat)[0]!;
  return { fiat, crypto: first.cryptoCurrency, network: first.network };
}

function paymentReducer(state: TradeFormState, action: PaymentAction): TradeFormState {
  const payment = (changes: Partial<PaymentState>) => ({ ...state.payment, ...changes });
  switch (action.type) {
    case 'payPressed':
      return { ...state, confirmError: null, payment: payment({ confirmed: action.order }) };
    case 'checkStarted':
      return { ...state, payment: payment({ phase: 'checking' }) };
    case 'authenticatorAsked':
      return { ...state, payment: payment({ phase: action.step, email: action.email }) };
    case 'codeAsked':
      return { ...state, payment: payment({ phase: 'code' }) };
    case 'codeRefused':
      return { ...state, payment: payment({ phase: 'code', codeError: action.reason }) };
    case 'sending':
      return { ...state, payment: payment({ phase: 'processing', codeError: null }) };
    case 'quoteChanged':
      return { ...state, confirmError: { kind: 'priceChanged' }, payment: payment({ phase: 'idle', codeError: null }) };
    case 'paymentCancelled':
      return { ...state, payment: payment({ phase: 'idle', codeError: null }) };
    case 'paymentFailed': {
      const stopped = { ...state, payment: payment({ phase: 'idle', codeError: null }) };
      const { view } = action;
      if (view.kind === 'unavailable') return { ...stopped, unavailable: true };
      // The address field says what is wrong: the sheet closes so it can be seen and changed.
      if (view.kind === 'addressRefused') return { ...stopped, confirming: false };
      return { ...stopped, confirmError: { kind: 'refused', text: view.text } };
    }
  }
}

/** The trade form's state changes: pure, so each is tested without rendering (trade-form-state.test.ts). */
export function tradeFormReducer(state: TradeFormState, action: TradeFormAction): TradeFormState {
  switch (action.type) {
    case 'fiatChosen':
      return { ...state, selection: selectionForFiat(action.offer, state.selection, action.fiat) };
    case 'coinChooserOpened':
      return { ...state, choosingCoin: true };
    case 'coinChooserClosed':
      return { ...state, choosingCoin: false };
    case 'coinChosen':
      return { ...state, selection: { fiat: state.selection.fiat, crypto: action.crypto, network: action.network }, choosingCoin: false };
    case 'entryChanged':
      return { ...state, entry: action.entry };
    case 'unitToggled': {
      const unit = state.entry.unit === 'fiat' ? 'crypto' : 'fiat';
      const carried = action.quote ? (unit === 'fiat' ? action.quote.fiatAmount : action.quote.cryptoAmount) : '';
      return { ...state, entry: { unit, value: carried } };
    }
    case 'cardSheetOpened':
      return { ...state, cardSheet: action.sheet };
    case 'cardSheetClosed':
      return { ...state, cardSheet: null };
    case 'cardChosen':
      return { ...state, chosenCardId: action.cardId };
    case 'paymentMethodChosen':
      return { ...state, paymentMethod: action.method };
    case 'cardAdded':
      return { ...state, chosenCardId: action.cardId, cardSheet: null };
    case 'saveAddressChanged':
      return { ...state, saveAddress: action.save };
    case 'continued':
      return action.ready ? { ...state, attempted: true, confirmError: null, confirming: true } : { ...state, attempted: true };
    case 'confirmClosed':
      return { ...state, confirming: false };
    case 'unavailableRetried':
      return { ...state, unavailable: false, confirming: false };
    default:
      return paymentReducer(state, action);
  }
}
