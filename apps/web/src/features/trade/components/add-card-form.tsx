import { CARD_READD_WAIT_HOURS, MAX_CARDS } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http-errors';
import { CountrySelect, FloatingLabelInput, GradientButton, showToast, Spinner } from '@/ui';
import type { Card } from '../api/trade-api';
import { useCountries } from '@/lib/use-countries';
import { CARDS_KEY, useTradeApi } from '../api/trade-queries';
import { addCardBodyOf, type CardForm, cardFormErrors, EMPTY_CARD_FORM, formatCardNumber, formatExpiry } from '../card-rules';
import { codeOf, tradeErrorText } from '../trade-errors';

/** Add-card refusals with their own words (spec §5, §9): the rest read as the server says. */
export const ADD_CARD_CODES: readonly string[] = ['CRD0000001', 'CRD0000002', 'CRD0000003', 'CRD0000004', 'CRD0000005', 'CRD0000008'];

/** No answer (offline, or the timeout): the card may have been saved all the same. */
const isNoAnswer = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** What a failed add-card says: its refusals in our words, no answer in card words, else the server's. */
function addCardErrorText(failure: unknown, t: (key: string, values?: Record<string, string>) => string): string {
  const code = codeOf(failure);
  // The rules' numbers (at most 5 cards, 48 h after a delete) come from the contracts the server enforces.
  if (code && ADD_CARD_CODES.includes(code)) return t(`trade.card.errors.${code}`, { max: String(MAX_CARDS), hours: String(CARD_READD_WAIT_HOURS) });
  // Not the HTTP client's no-answer text, which sends people to the order history.
  if (isNoAnswer(failure)) return t('trade.card.errors.noResponse');
  return tradeErrorText(failure, t);
}

/**
 * The card form: number (grouped as typed), expiry MM/YY, CVV and the billing address. Checks
 * Luhn, expiry and CVV before the call; the number and CVV go to add-card and nowhere else.
 */
export function AddCardForm({ onAdded }: { onAdded: (card: Card) => void }) {
  const { t } = useTranslation();
  const api = useTradeApi();
  const queries = useQueryClient();
  const countries = useCountries();
  const [form, setForm] = useState<CardForm>(EMPTY_CARD_FORM);
  const [now] = useState(() => new Date());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const errors = cardFormErrors(form, now);
  const valid = Object.keys(errors).length === 0;
  const [left, setLeft] = useState<ReadonlySet<keyof CardForm>>(new Set());
  const set = (field: keyof CardForm, format: (value: string) => string = (value) => value) => (value: string) =>
    setForm((current) => ({ ...current, [field]: format(value) }));
  /** A field's problem shows once the person has left it (or typed it to its full length), not at the first keystroke. */
  const complete = (field: keyof CardForm) => (field === 'cardNumber' && form.cardNumber.length >= 19) || (field === 'expiry' && form.expiry.length === 5);
  const field = (name: keyof CardForm, format?: (value: string) => string) => ({
    name,
    value: form[name],
    onValueChange: set(name, format),
    onBlur: () => setLeft((current) => new Set(current).add(name)),
    validate: () => (errors[name] && (left.has(name) || complete(name)) ? t(errors[name]) : undefined),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const card = await api.addCard(addCardBodyOf(form));
      await queries.invalidateQueries({ queryKey: CARDS_KEY });
      showToast({ message: t('trade.card.added'), kind: 'success' });
      onAdded(card);
    } catch (failure) {
      const code = codeOf(failure);
      setError(addCardErrorText(failure, t));
      // The list says when a card may be added again (after a delete or a security change), and
      // shows the card if it was saved although no answer came.
      if (code === 'CRD0000003' || code === 'CRD0000004' || code === 'CRD0000005' || isNoAnswer(failure)) void queries.invalidateQueries({ queryKey: CARDS_KEY });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-3" aria-label={t('trade.card.addTitle')}>
      <FloatingLabelInput
        label={t('trade.card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        {...field('cardNumber', formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-3">
        <FloatingLabelInput label={t('trade.card.expiry')} autoComplete="cc-exp" inputMode="numeric" {...field('expiry', formatExpiry)} />
        <FloatingLabelInput
          label={t('trade.card.cvv')}
          type="password"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...field('cvv', (value) => value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-fg">{t('trade.card.billingAddress')}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FloatingLabelInput label={t('trade.card.firstName')} autoComplete="given-name" {...field('firstName')} />
          <FloatingLabelInput label={t('trade.card.lastName')} autoComplete="family-name" {...field('lastName')} />
        </div>
        <FloatingLabelInput label={t('trade.card.address')} autoComplete="address-line1" {...field('address')} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FloatingLabelInput label={t('trade.card.city')} autoComplete="address-level2" {...field('city')} />
          <FloatingLabelInput label={t('trade.card.postalCode')} autoComplete="postal-code" {...field('postalCode')} />
        </div>
        {countries.data ? (
          <CountrySelect label={t('trade.card.country')} name="country" autoComplete="country" placeholder={t('trade.card.selectCountry')} value={form.country} countries={countries.data} onChange={set('country')} />
        ) : countries.isError ? (
          <p role="alert" className="text-sm text-danger">{tradeErrorText(countries.error, t)}</p>
        ) : (
          <Spinner label={t('trade.card.country')} />
        )}
      </fieldset>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      <GradientButton type="submit" fullWidth loading={busy} variant={valid ? 'primary' : 'inactive'}>{t('trade.card.save')}</GradientButton>
    </form>
  );
}
