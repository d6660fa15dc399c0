import { describe, expect, it } from 'vitest';
import {
  initialTradeFormState,
  type OrderToSubmit,
  selectionForFiat,
  type TradeFormAction,
  tradeFormReducer,
  type TradeFormState,
} from './trade-form-state';
import { type TradeOffer } from './trade-state';
import { CURRENCIES, PAIRS } from './trade-test-kit';

const offer = (transaction?: TradeOffer['transaction']): TradeOffer => ({
  fiats: CURRENCIES.filter((c) => c.assetType === 'fiat'),
  pairsByFiat: new Map(Object.entries(PAIRS)),
  cryptos: new Map(CURRENCIES.filter((c) => c.assetType === 'crypto').map((c) => [c.currency, c] as const)),
  initial: { fiat: 'EUR', crypto: 'BTC', network: 'BTC' },
  ...(transaction ? { transaction } : {}),
});

const ORDER: OrderToSubmit = { orderId: 'o', quoteId: 'qte_1', cardId: 'crd_1', cryptoCurrency: 'BTC', walletAddress: 'bc1q', memo: '' };

const start = (overrides: Partial<TradeFormState> = {}) => ({
  ...initialTradeFormState({ offer: offer(), chooseFirst: false }),
  ...overrides,
});
const after = (state: TradeFormState, ...actions: TradeFormAction[]) => actions.reduce(tradeFormReducer, state);

describe('initialTradeFormState', () => {
  it('opens on the offer’s selection with an empty amount in fiat, the chooser open only when asked', () => {
    const state = initialTradeFormState({ offer: offer(), chooseFirst: true });
    expect(state).toMatchObject({
      selection: { fiat: 'EUR', crypto: 'BTC', network: 'BTC' },
      entry: { unit: 'fiat', value: '' },
      choosingCoin: true,
      confirming: false,
      payment: { phase: 'idle', codeError: null, confirmed: null },
    });
  });

  it("types in a merchant's amount: the fiat amount first, else the coin amount", () => {
    const transaction = (fiatAmount: string | null, cryptoAmount: string | null) =>
      offer({ tranId: 't', merchantName: 'Shop', fiatAmount, cryptoAmount, amountFixed: false, fixedWallet: null, sendsToMerchant: false });
    expect(initialTradeFormState({ offer: transaction('50', '0.001'), chooseFirst: false }).entry).toEqual({ unit: 'fiat', value: '50' });
    expect(initialTradeFormState({ offer: transaction(null, '0.001'), chooseFirst: false }).entry).toEqual({
      unit: 'crypto',
      value: '0.001',
    });
  });
});

describe('selectionForFiat', () => {
  it('keeps the coin and network when the new fiat offers them, else takes its first pair in catalogue order', () => {
    expect(selectionForFiat(offer(), { fiat: 'EUR', crypto: 'BTC', network: 'BTC' }, 'GBP')).toEqual({
      fiat: 'GBP',
      crypto: 'BTC',
      network: 'BTC',
    });
    expect(selectionForFiat(offer(), { fiat: 'EUR', crypto: 'XRP', network: 'XRP' }, 'GBP')).toEqual({
      fiat: 'GBP',
      crypto: 'BTC',
      network: 'BTC',
    });
  });
});

describe('tradeFormReducer: the form', () => {
  it('a coin chosen in the chooser keeps the fiat and closes the chooser', () => {
    const state = after(start(), { type: 'coinChooserOpened' }, { type: 'coinChosen', crypto: 'USDT', network: 'TRX' });
    expect(state.selection).toEqual({ fiat: 'EUR', crypto: 'USDT', network: 'TRX' });
    expect(state.choosingCoin).toBe(false);
  });

  it('switching the unit carries the fresh quote’s amount in the new unit over, or empties the field without one', () => {
    const quote = { fiatAmount: '100', cryptoAmount: '0.00158' };
    const typed = after(start(), { type: 'entryChanged', entry: { unit: 'fiat', value: '100' } });
    expect(after(typed, { type: 'unitToggled', quote }).entry).toEqual({ unit: 'crypto', value: '0.00158' });
    expect(after(typed, { type: 'unitToggled', quote }, { type: 'unitToggled', quote }).entry).toEqual({ unit: 'fiat', value: '100' });
    expect(after(typed, { type: 'unitToggled', quote: null }).entry).toEqual({ unit: 'crypto', value: '' });
  });

  it('keeps the entry object while other things change (the debounce compares it by identity)', () => {
    const typed = after(start(), { type: 'entryChanged', entry: { unit: 'fiat', value: '100' } });
    expect(after(typed, { type: 'cardChosen', cardId: 'crd_2' }, { type: 'saveAddressChanged', save: true }).entry).toBe(typed.entry);
  });

  it('an added card becomes the chosen one and its sheet closes', () => {
    const state = after(start(), { type: 'cardSheetOpened', sheet: 'add' }, { type: 'cardAdded', cardId: 'crd_9' });
    expect(state).toMatchObject({ chosenCardId: 'crd_9', cardSheet: null });
  });

  it('Continue marks the form as attempted; only when ready does it clear the last error and open the confirm sheet', () => {
    const refused = start({ confirmError: { kind: 'refused', text: 'No' } });
    expect(after(refused, { type: 'continued', ready: false })).toMatchObject({
      attempted: true,
      confirming: false,
      confirmError: refused.confirmError,
    });
    expect(after(refused, { type: 'continued', ready: true })).toMatchObject({ attempted: true, confirming: true, confirmError: null });
  });

  it('Try again on the unavailable state shows the form again, without the confirm sheet', () => {
    expect(after(start({ unavailable: true, confirming: true }), { type: 'unavailableRetried' })).toMatchObject({
      unavailable: false,
      confirming: false,
    });
  });
});

describe('tradeFormReducer: the payment', () => {
  const confirming = () => after(start(), { type: 'continued', ready: true }, { type: 'payPressed', order: ORDER });

  it('Pay remembers the order confirmed, for the code step to send', () => {
    expect(confirming().payment.confirmed).toBe(ORDER);
  });

  it('check, code asked, a wrong code, then sending', () => {
    let state = after(confirming(), { type: 'checkStarted' });
    expect(state.payment.phase).toBe('checking');
    state = after(state, { type: 'authenticatorAsked', step: 'code', email: 'ann@example.com' });
    expect(state.payment).toMatchObject({ phase: 'code', email: 'ann@example.com' });
    state = after(state, { type: 'codeRefused', reason: 'invalid' });
    expect(state.payment).toMatchObject({ phase: 'code', codeError: 'invalid' });
    state = after(state, { type: 'sending' });
    expect(state.payment).toMatchObject({ phase: 'processing', codeError: null });
  });

  it('a bind first, then the code', () => {
    const state = after(confirming(), { type: 'checkStarted' }, { type: 'authenticatorAsked', step: 'bind', email: 'ann@example.com' });
    expect(state.payment.phase).toBe('bind');
    expect(after(state, { type: 'codeAsked' }).payment.phase).toBe('code');
  });

  it('cancelling the code forgets why the last one was refused and returns to the confirm sheet', () => {
    const state = after(confirming(), { type: 'codeRefused', reason: 'locked' }, { type: 'paymentCancelled' });
    expect(state.payment).toMatchObject({ phase: 'idle', codeError: null });
    expect(state.confirming).toBe(true);
  });

  it('a quote that changed before sending says so on the confirm sheet', () => {
    const state = after(confirming(), { type: 'codeRefused', reason: 'invalid' }, { type: 'quoteChanged' });
    expect(state).toMatchObject({ confirming: true, confirmError: { kind: 'priceChanged' }, payment: { phase: 'idle', codeError: null } });
  });

  it('a failure shows as the form said: the unavailable state, the address field (the sheet closes), or the sheet’s error', () => {
    const sent = after(confirming(), { type: 'sending' });
    expect(after(sent, { type: 'paymentFailed', view: { kind: 'unavailable' } })).toMatchObject({
      unavailable: true,
      payment: { phase: 'idle' },
    });
    expect(after(sent, { type: 'paymentFailed', view: { kind: 'addressRefused' } })).toMatchObject({
      confirming: false,
      confirmError: null,
      payment: { phase: 'idle' },
    });
    expect(after(sent, { type: 'paymentFailed', view: { kind: 'refused', text: 'Declined' } })).toMatchObject({
      confirming: true,
      confirmError: { kind: 'refused', text: 'Declined' },
      payment: { phase: 'idle' },
    });
  });
});
