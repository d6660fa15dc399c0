import { isError } from '@/lib/http-errors';
import { ErrorCode } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { accountLinkingFailurePage } from '@/lib/account-linking';
import { useAccountInfo } from '@/lib/account-info';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { cleanAmountInput, isPositiveDecimal } from '@/lib/decimal';
import { gateFor } from '@/lib/gating';
import { useHttpClient } from '@/lib/http-context';
import { isIndependentMode, storedMode } from '@/lib/mode';
import { fiatDecimalsOf } from '@/lib/money-format';
import { forgetTranId, storedTranId } from '@/lib/merchant-transaction';
import { createRiskApi, RISK_CHECK_QUERY_KEY } from '@/lib/risk-api';
import { isTradePage, withRiskStep } from '@/lib/trade-routing';
import { useCards, useCurrencies, usePairsByFiat, usePromotion, useTradeApi } from '../api/trade-queries';
import { BANK_CHANNEL_OF } from '../api/trade-api';
import { isBuySendConfirmed, sendToConfirmPath } from '../buy-send';
import { canBusinessTrade, decideTradeState, isBankBuyPair, type Selection, type TradeOffer, type TradeSetupState } from '../trade-state';

/** A merchant's transaction that may still be paid. */
const OPEN_TRANSACTION_STATUSES: readonly string[] = ['Initial', 'Failed'];
/** query-order/tranid's answer for a transaction that is not this person's to pay (or none). */

export type TradeSetup = TradeSetupState | { state: 'error'; error: unknown; retry: () => void };

/** The query of a link into the page (docs/rules/screens.md): ?fiatCurrency=&cryptoCurrency=&network= */
function askedSelection(params: URLSearchParams): Partial<Selection> {
  const read = (name: string) => params.get(name)?.trim().toUpperCase() || undefined;
  const asked: Partial<Selection> = {};
  const fiat = read('fiatCurrency');
  const crypto = read('cryptoCurrency');
  const network = read('network');
  if (fiat) asked.fiat = fiat;
  if (crypto) asked.crypto = crypto;
  if (crypto && network) asked.network = network;
  return asked;
}

/** A link's ?fiatAmount= (the start page's Continue keeps what was typed): a positive amount, cut to the fiat's decimals; else none. */
function askedFiatAmount(params: URLSearchParams, offer: TradeOffer): string | undefined {
  const asked = params.get('fiatAmount')?.trim() ?? '';
  return isPositiveDecimal(asked) ? cleanAmountInput(asked, fiatDecimalsOf(offer.initial.fiat, offer.fiats)) : undefined;
}

/**
 * Everything the card page needs before it can show the form, asked in stages: the account first
 * (a person who may not buy yet asks nothing else), then the address check, feature switch,
 * catalogue and limits together, then the pairs of every fiat. `method` BANK_TRANSFER: the same for
 * the bank-transfer pages, whose offer is the bank channels' pairs of the currencies they take.
 */
export function useTradeSetup(method: 'CARD' | 'BANK_TRANSFER' = 'CARD'): TradeSetup {
  const isBank = method === 'BANK_TRANSFER';
  const api = useTradeApi();
  const mode = storedMode();
  const location = useLocation();
  const [params] = useSearchParams();
  const isRoma = getSharedCookie(COOKIE_NAMES.isRoma) === 'true';
  const account = useAccountInfo(mode, { reportErrors: true });
  const path = location.pathname.replace(/^\/[^/]+/, '');
  const gate = account.data ? gateFor(account.data, { path, isRoma }) : null;
  const ready = Boolean(account.data) && gate === null && (account.data?.userType !== 'Corporate' || canBusinessTrade(account.data));

  // docs/rules/order-states.md trade routing: the risk reminder comes before any trade page.
  const client = useHttpClient();
  const risk = useQuery({ queryKey: RISK_CHECK_QUERY_KEY, queryFn: () => createRiskApi(client).check(), enabled: ready });
  // A merchant's transaction (tranId in the link, or kept from the sign-in link) sets what is bought.
  // Asked as the signed-in person (with the address the merchant set); someone else's or an unknown one is null.
  const tranId = params.get('tranId')?.trim() || storedTranId();
  const transaction = useQuery({
    queryKey: ['trade', 'trans-info', tranId],
    queryFn: async () => {
      try {
        return await api.transactionFor(tranId!);
      } catch (error) {
        if (isError(error, ErrorCode.TransactionNotFound)) return null;
        throw error;
      }
    },
    enabled: ready && Boolean(tranId),
  });
  // The address step is an individual's residential address (their KYC): a business's address is the
  // registered one its verification holds, so a corporate account is never asked for one.
  const corporate = account.data?.userType === 'Corporate';
  const address = useQuery({ queryKey: ['trade', 'check-address'], queryFn: () => api.checkAddress(), enabled: ready && !corporate });
  const entry = isIndependentMode(mode) ? 'indepdentMain' : 'main';
  const features = useQuery({
    queryKey: ['trade', 'feature-switch', entry],
    queryFn: () => api.featureSwitch(entry),
    enabled: ready,
    staleTime: 60_000,
  });
  const currencies = useCurrencies({ enabled: ready });
  const limits = useQuery({ queryKey: ['trade', 'kyc-limits'], queryFn: () => api.kycLimits(), enabled: ready && !isRoma });
  const fiats = useMemo(
    () =>
      (currencies.data ?? []).filter((c) => c.assetType === 'fiat' && (!isBank || c.currency in BANK_CHANNEL_OF)).map((c) => c.currency),
    [currencies.data, isBank],
  );
  const pairs = usePairsByFiat(fiats, { enabled: ready && fiats.length > 0, method });
  // What the form shows as soon as it appears, asked beside the setup instead of after it: one
  // round trip less before the page is whole (the promotion is its largest text).
  useCards({ enabled: ready && !isBank });
  usePromotion({ enabled: ready });
  // Only a transaction still open is filled; one paid already is forgotten (the page is a plain buy again).
  const open = transaction.data && OPEN_TRANSACTION_STATUSES.includes(transaction.data.status) ? transaction.data : null;
  const isClosedTransaction = transaction.data !== undefined && !open;
  // Forgetting writes storage: an effect, not a side effect of every render.
  useEffect(() => {
    if (isClosedTransaction) forgetTranId();
  }, [isClosedTransaction]);

  if (account.error) return { state: 'error', error: account.error, retry: () => void account.refetch() };
  if (!account.data) return { state: 'loading' };
  if (!ready)
    return decideTradeState({
      account: account.data,
      gate,
      addressRequired: false,
      features: [],
      currencies: [],
      pairsByFiat: new Map(),
      limits: null,
      asked: {},
      rememberedFiat: undefined,
    });

  if (risk.error) return { state: 'error', error: risk.error, retry: () => void risk.refetch() };
  if (!risk.data) return { state: 'loading' };
  const page = path.replace(/^\//, '');
  if (risk.data.riskSurveyCheckNextStep !== 'OK') {
    // A deep link's query (the coin and fiat asked for) survives the risk step.
    return {
      state: 'redirect',
      to: withRiskStep(isTradePage(page) ? page : 'card-buy-sell', risk.data.riskSurveyCheckNextStep, location.search),
    };
  }

  const failed = [address, features, currencies, limits, transaction].find((query) => query.error);
  if (failed) return { state: 'error', error: failed.error, retry: () => void failed.refetch() };
  if (pairs.error) return { state: 'error', error: pairs.error, retry: pairs.refetch };
  const limitsReady = isRoma || limits.data;
  if (tranId && transaction.data === undefined) return { state: 'loading' };
  if ((!corporate && !address.data) || !features.data || !currencies.data || !limitsReady || (fiats.length > 0 && !pairs.data))
    return { state: 'loading' };

  const decided = decideTradeState({
    account: account.data,
    gate,
    addressRequired: !corporate && address.data?.required === true,
    features: features.data,
    currencies: currencies.data,
    pairsByFiat: pairs.data ?? new Map(),
    limits: limits.data ?? null,
    asked: open
      ? { fiat: open.fiatCurrency, crypto: open.cryptoCurrency, ...(open.network ? { network: open.network } : {}) }
      : askedSelection(params),
    rememberedFiat: getSharedCookie(COOKIE_NAMES.fiatCurrency),
    ...(isBank ? { isOffered: isBankBuyPair } : {}),
  });
  if (decided.state !== 'trade') return decided;
  // The merchant's transaction says linking this account to the merchant's customer failed (another account is
  // linked, or the KYC the merchant shared is not this person's): its page, not a form this account may not pay.
  const linkingFailed = open ? accountLinkingFailurePage(open) : null;
  if (linkingFailed) return { state: 'redirect', to: linkingFailed };
  // Buy-and-send: where the crypto goes (the merchant's wallet) is confirmed first, on its own page.
  if (open?.tranType === 'BUY_SEND' && !isBuySendConfirmed(open.tranId)) return { state: 'redirect', to: sendToConfirmPath(open.tranId) };
  if (!open) {
    const amount = askedFiatAmount(params, decided.offer);
    return amount ? { ...decided, offer: { ...decided.offer, askedFiatAmount: amount } } : decided;
  }
  const fixedWallet = open.walletFixed && open.walletAddress ? { address: open.walletAddress, memo: open.memo ?? '' } : null;
  const filled = {
    tranId: open.tranId,
    merchantName: open.merchantName,
    fiatAmount: open.fiatAmt,
    cryptoAmount: open.cryptoAmt,
    amountFixed: open.amountFixed,
    fixedWallet,
    sendsToMerchant: open.tranType === 'BUY_SEND',
  };
  return { ...decided, offer: { ...decided.offer, transaction: filled } };
}
