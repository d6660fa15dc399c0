import { type BuyEstimate, ErrorCode } from '@causeway/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { signInNextOf } from '@/lib/buy-after-verification';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { cleanAmountInput, formatAmount, ratePercent } from '@/lib/decimal';
import { ApiError, errorText, isError, isOffline } from '@/lib/http-errors';
import { isBusinessMode, storedMode } from '@/lib/mode';
import { fiatDecimalsOf, moneyFormats } from '@/lib/money-format';
import { networkNameOf } from '@/lib/network-names';
import { useServerHealth } from '@/lib/server-health';
import { createSessionStore } from '@/lib/session';
import { useLoginStatus } from '@/lib/target-entity';
import { tradePageFor } from '@/lib/trade-routing';
import { ErrorView, GradientButton, Spinner, TextInput } from '@/ui';
import { cx } from '@/ui/class-names';
import { useBuyEstimate, useBuyOffer } from '../api/buy-offer';
import {
  amountProblem,
  type BuyChoice,
  type BuyOffer,
  buyTargetOf,
  choiceForCoin,
  choiceForFiat,
  choiceQuery,
  coinsOf,
  initialChoice,
  networksOf,
  pairOf,
} from '../buy-choice';
import { useTranslation } from '../texts';
import { useSettled } from '../use-settled';

/** A crypto amount shows at most the decimals an estimate is given in. */
const CRYPTO_DECIMALS = 8;

const selectClass =
  'h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus:ring-2 focus:ring-focus focus-visible:outline-none!';
const linkClass =
  'rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';

/**
 * Where a signed-in visitor goes instead: a business to its portal; an individual to the card trade
 * page with the choices in this page's URL, if any, else where a sign-in lands (the trade page a
 * stored payment method leads to, else the dashboard).
 */
function signedInTarget(userType: string | null, search: string): string {
  if (userType === 'Corporate' || isBusinessMode(storedMode())) return 'corporation-portal/home';
  const withChoices = new URLSearchParams(search).has('fiatCurrency') ? signInNextOf(`card-buy-sell${search}`) : undefined;
  if (withChoices) return withChoices;
  const paymentMethod = getSharedCookie(COOKIE_NAMES.paymentMethod);
  return paymentMethod ? tradePageFor(paymentMethod, getSharedCookie(COOKIE_NAMES.transactionType)) : 'dashboard';
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={id} className="mb-1.5 text-sm font-medium text-fg">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="ml-auto min-w-0 text-right break-all text-fg">{children}</dd>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A failed call in the page's words: no answer (the app's own text speaks of orders), else the app's. */
const failureText = (error: unknown, t: Translate): string => (isOffline(error) ? t('home.offline') : errorText(error, t));

/** Why there is no price for a choice, in the page language. */
function estimateProblem(error: unknown, choice: BuyChoice, t: Translate): string {
  if (isError(error, ErrorCode.TransactionLimitExceeded)) {
    const range = (error instanceof ApiError ? error.data : null) as { minAmount?: string; maxAmount?: string } | null;
    return t('home.estimate.errors.range', { min: range?.minAmount ?? '', max: range?.maxAmount ?? '', currency: choice.fiat });
  }
  if (isError(error, ErrorCode.TradingPairUnsupported))
    return t('home.estimate.errors.pair', { coin: choice.crypto, currency: choice.fiat });
  if (isError(error, ErrorCode.PricesUnavailable)) return t('home.estimate.errors.prices');
  return failureText(error, t);
}

/** The live indicative price of the choice: what is received, the price and the fees, itemised. */
function EstimatePanel({
  estimate,
  updating,
  problem,
  offer,
}: {
  estimate: BuyEstimate | undefined;
  updating: boolean;
  problem: string | undefined;
  offer: BuyOffer;
}) {
  const { t, i18n } = useTranslation();
  const amounts = moneyFormats(i18n.language, (currency) => fiatDecimalsOf(currency, offer.fiats), CRYPTO_DECIMALS);
  const shown = estimate && !problem ? estimate : undefined;
  const youGet = shown ? t('home.estimate.youGet', { amount: amounts.crypto(shown.cryptoAmount, shown.cryptoCurrency) }) : '';
  // Announced when the figures are for another choice, not at every refresh of the same one.
  const key = shown ? `${shown.fiatCurrency}|${shown.cryptoCurrency}|${shown.network}|${shown.fiatAmount}` : '';
  const [announced, setAnnounced] = useState({ key: '', text: '' });
  if (key && key !== announced.key) setAnnounced({ key, text: youGet });
  return (
    <section
      aria-labelledby="estimate-title"
      aria-busy={updating || undefined}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="estimate-title" className="font-semibold text-fg">
          {t('home.estimate.title')}
        </h2>
        {updating && shown ? <span className="text-xs text-muted">{t('home.estimate.updating')}</span> : null}
      </div>
      <p role="status" className="sr-only">
        {announced.text}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : shown ? (
        <div className={cx('flex min-w-0 flex-col gap-3 transition-opacity', updating && 'opacity-60')}>
          <p data-testid="you-get" className="text-xl font-semibold break-words text-fg sm:text-2xl">
            {youGet}
          </p>
          <dl className="flex flex-col gap-1.5">
            <Row label={t('home.estimate.price')}>
              {t('home.estimate.priceValue', { coin: shown.cryptoCurrency, price: amounts.price(shown.price, shown.fiatCurrency) })}
            </Row>
            <Row label={t('home.estimate.ourFee', { rate: ratePercent(shown.fees.ourFeeRate) })}>
              {amounts.fiat(shown.fees.ourFee, shown.fiatCurrency)}
            </Row>
            <Row label={t('home.estimate.networkFee')}>{amounts.fiat(shown.fees.networkFee, shown.fiatCurrency)}</Row>
            <div className="border-t border-line pt-1.5 font-medium">
              <Row label={t('home.estimate.totalFees')}>{amounts.fiat(shown.fees.total, shown.fiatCurrency)}</Row>
            </div>
          </dl>
          <p className="text-xs text-muted">{t('home.estimate.indicative')}</p>
        </div>
      ) : updating ? (
        <Spinner label={t('home.estimate.updating')} />
      ) : (
        <p className="text-sm text-muted">{t('home.estimate.enterAmount')}</p>
      )}
    </section>
  );
}

/** The buy form as a signed-out person sees it: the choices, the live price, and Continue to sign in. */
function BuyForm({ offer, initial }: { offer: BuyOffer; initial: BuyChoice }) {
  const { t, i18n } = useTranslation();
  const { lng = 'en' } = useParams();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const amountRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [choice, setChoice] = useState(initial);
  const [touched, setTouched] = useState(false);
  const change = (next: BuyChoice) => {
    setTouched(true);
    setChoice(next);
  };

  const pair = pairOf(offer, choice) ?? { minAmount: '0', maxAmount: '0' };
  const decimals = fiatDecimalsOf(choice.fiat, offer.fiats);
  const money = (value: string) => formatAmount(value, i18n.language, { maxDecimals: decimals });
  const range = { min: money(pair.minAmount), max: money(pair.maxAmount), currency: choice.fiat };
  const problem = amountProblem(choice.amount, pair);

  // The price is asked once typing (or choosing) has settled, for an amount the pair takes.
  const settled = useSettled(choice);
  const settledPair = pairOf(offer, settled);
  const asked = settledPair && amountProblem(settled.amount, settledPair) === null ? settled : null;
  const estimate = useBuyEstimate(asked);
  const settling = settled !== choice;

  // The choices stay in the page's URL (replacing it): Back from the sign-in page finds them again.
  const query = choiceQuery(settled);
  useEffect(() => {
    if (touched) setParams(new URLSearchParams(query), { replace: true });
  }, [touched, query, setParams]);

  const coins = coinsOf(offer, choice.fiat);
  const networks = networksOf(offer, choice.fiat, choice.crypto);
  const estimateError = asked && !estimate.isPlaceholderData ? estimate.error : null;
  const panelProblem = problem ? undefined : estimateError ? estimateProblem(estimateError, choice, t) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      amountRef.current?.focus();
      return;
    }
    void navigate(`/${lng}/login-v2?next=${encodeURIComponent(buyTargetOf(choice))}`);
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5">
      <Select label={t('home.fiat')} value={choice.fiat} onChange={(fiat) => change(choiceForFiat(offer, choice, fiat))}>
        {offer.fiats.map((item) => (
          <option key={item.currency} value={item.currency}>{`${item.currency} · ${item.name}`}</option>
        ))}
      </Select>
      <div className="flex min-w-0 flex-col gap-1.5">
        <TextInput
          ref={amountRef}
          label={t('home.amount', { currency: choice.fiat })}
          name="fiatAmount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={choice.amount}
          onValueChange={(value) => change({ ...choice, amount: cleanAmountInput(value, decimals) })}
          suffix={<span className="font-medium text-fg">{choice.fiat}</span>}
          errors={problem === 'range' ? [t('home.estimate.errors.range', range)] : undefined}
          aria-describedby={hintId}
        />
        <p id={hintId} className="text-xs text-muted">
          {t('home.range', range)}
        </p>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <Select label={t('home.coin')} value={choice.crypto} onChange={(crypto) => change(choiceForCoin(offer, choice, crypto))}>
          {coins.map((code) => (
            <option key={code} value={code}>{`${code} · ${offer.cryptos.get(code)?.name ?? code}`}</option>
          ))}
        </Select>
        <Select label={t('home.network')} value={choice.network} onChange={(network) => change({ ...choice, network })}>
          {networks.map((network) => (
            <option key={network} value={network}>
              {networkNameOf(offer.cryptos.values(), choice.crypto, network)}
            </option>
          ))}
        </Select>
      </div>
      <EstimatePanel
        offer={offer}
        estimate={problem ? undefined : estimate.data}
        updating={!problem && (settling || estimate.isFetching || estimate.isPlaceholderData)}
        problem={panelProblem}
      />
      <GradientButton type="submit" fullWidth showContinueArrow>
        {t('home.continue')}
      </GradientButton>
    </form>
  );
}

/**
 * /:lng, the start page: the buy form as a signed-out visitor sees it, with a live indicative
 * price (order/estimate-buy) and Continue to sign in, which comes back to the card trade page
 * with the choices (docs/rules/screens.md). A signed-in visitor goes on to the trade page or the
 * dashboard instead. On a sandbox install it links the sandbox tools.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params] = useSearchParams();
  // A visitor with no session at all sees the form at once; one with a token waits for who it is.
  const [hadToken] = useState(() => createSessionStore().getToken(storedMode()) !== undefined);
  const status = useLoginStatus();
  const offer = useBuyOffer();
  const health = useServerHealth();
  const [rememberedFiat] = useState(() => getSharedCookie(COOKIE_NAMES.fiatCurrency));

  if (status.data?.isLogin) return <Navigate replace to={`/${lng}/${signedInTarget(status.data.userType, `?${params.toString()}`)}`} />;

  let content: ReactNode;
  if ((hadToken && status.isPending) || offer.state === 'loading')
    content = (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="lg" label={t('home.loading')} />
      </div>
    );
  else if (offer.state === 'error')
    content = <ErrorView headingLevel={2} content={failureText(offer.error, t)} onRetry={offer.retry} className="py-4" />;
  else {
    const initial = initialChoice(offer.offer, params, rememberedFiat);
    content = initial ? (
      <BuyForm offer={offer.offer} initial={initial} />
    ) : (
      <p role="alert" className="text-danger">
        {t('home.nothing')}
      </p>
    );
  }

  return (
    <section aria-labelledby="home-title" className="mx-auto flex w-full max-w-[480px] min-w-0 flex-col gap-5 py-6">
      <header className="flex flex-col gap-2">
        <h1 id="home-title" className="text-2xl font-semibold text-fg">
          {t('home.title')}
        </h1>
        <p className="text-muted">{t('home.intro')}</p>
      </header>
      {content}
      {health.data && health.data.sandboxTools.length > 0 ? (
        <Link to={`/${lng}/sandbox`} className={cx(linkClass, 'self-center')}>
          {t('home.sandbox')}
        </Link>
      ) : null}
    </section>
  );
}

export default HomePage;
