import { CARD_READD_WAIT_HOURS, ErrorCode, type ErrorName, MAX_CARDS, wireCodeOf } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../texts';
import { apiErrorName, isApiError, isError } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CountrySelect, FloatingLabelInput, GradientButton, showToast, Spinner } from '@/ui';
import type { Card } from '../api/trade-api';
import { useCountries } from '@/lib/use-countries';
import { CARDS_KEY, useTradeApi } from '../api/trade-queries';
import { addCardBodyOf, type CardForm, cardFormErrors, EMPTY_CARD_FORM } from '../card-rules';
import { CardFields } from './card-fields/card-fields';
import { CardFieldsError, type CardFieldsHandle } from './card-fields/card-fields-types';
import { tradeErrorText } from '../trade-errors';

/** Add-card refusals with their own words (docs/rules/validation.md, docs/rules/limits.md): the rest read as the server says. Their texts are keyed by wire code. */
export const ADD_CARD_ERRORS: readonly ErrorName[] = [
  ErrorCode.CardNumberInvalid,
  ErrorCode.CardExpired,
  ErrorCode.CardLimitReached,
  ErrorCode.CardReaddTooSoon,
  ErrorCode.CardAddingSuspended,
  ErrorCode.CardAlreadySaved,
  ErrorCode.CardEntryExpired,
];

/** No answer (offline, or the timeout): the card may have been saved all the same. */
const isNoAnswer = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

/** What a failed add-card says: its refusals in our words, no answer in card words, else the server's. */
function addCardErrorText(failure: unknown, t: (key: string, values?: Record<string, string>) => string): string {
  const name = apiErrorName(failure);
  // The rules' numbers (at most 5 cards, 48 h after a delete) come from the contracts the server enforces.
  if (name && ADD_CARD_ERRORS.includes(name))
    return t(`trade.card.errors.${wireCodeOf(name)}`, { max: String(MAX_CARDS), hours: String(CARD_READD_WAIT_HOURS) });
  // Not the HTTP client's no-answer text, which sends people to the order history.
  if (isNoAnswer(failure)) return t('trade.card.errors.noResponse');
  return tradeErrorText(failure, t);
}

/** What a card-fields failure says: the fields show which field is wrong; this line says what to do. */
const fieldsErrorText = (error: CardFieldsError, t: (key: string) => string) =>
  error.reason === 'unavailable' ? t('trade.card.errors.fieldsUnavailable') : t('trade.card.errors.fieldsInvalid');

/**
 * The card form: the processor's card fields (number, expiry, CVV: typed into the processor's
 * frames, never into this page) and the billing address. Save asks the fields for a single-use
 * token, then add-card sends the token and the address: no card number or CVV ever reaches our API.
 */
export function AddCardForm({ onAdded }: { onAdded: (card: Card) => void }) {
  const { t } = useTranslation();
  const api = useTradeApi();
  const queries = useQueryClient();
  const countries = useCountries();
  const formElement = useRef<HTMLFormElement>(null);
  const cardFields = useRef<CardFieldsHandle>(null);
  const [form, setForm] = useState<CardForm>(EMPTY_CARD_FORM);
  const [cardValid, setCardValid] = useState(false);
  const errors = cardFormErrors(form);
  const valid = cardValid && Object.keys(errors).length === 0;
  const [left, setLeft] = useState<ReadonlySet<keyof CardForm>>(new Set());
  const set = (field: keyof CardForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const field = (name: keyof CardForm) => ({
    name,
    value: form[name],
    onValueChange: set(name),
    onBlur: () => setLeft((current) => new Set(current).add(name)),
    validate: () => (errors[name] && left.has(name) ? t(errors[name]) : undefined),
  });

  // One save: the fields' single-use token, then add-card. A token the fields refuse is a
  // CardFieldsError, said in card-fields words; add-card's failures in its own.
  const save = useApiMutation({
    mutationFn: async (filled: CardForm) => {
      let cardToken: string;
      try {
        cardToken = (await cardFields.current!.tokenize()).token;
      } catch (failure) {
        throw failure instanceof CardFieldsError ? failure : new CardFieldsError('unavailable');
      }
      return api.addCard(addCardBodyOf(filled, cardToken));
    },
    onSuccess: async (card) => {
      await queries.invalidateQueries({ queryKey: CARDS_KEY });
      showToast({ message: t('trade.card.added'), kind: 'success' });
      onAdded(card);
    },
    onError: (failure) => {
      // The list says when a card may be added again (after a delete or a security change), and
      // shows the card if it was saved although no answer came.
      if (isError(failure, ErrorCode.CardLimitReached, ErrorCode.CardReaddTooSoon, ErrorCode.CardAddingSuspended) || isNoAnswer(failure))
        void queries.invalidateQueries({ queryKey: CARDS_KEY });
    },
  });
  const error = !save.error
    ? undefined
    : save.error instanceof CardFieldsError
      ? fieldsErrorText(save.error, t)
      : addCardErrorText(save.error, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (Object.keys(errors).length > 0) {
      // Show every problem at once: the address's here, the card's in its fields.
      setLeft(new Set(Object.keys(errors) as Array<keyof CardForm>));
      cardFields.current?.showProblems();
      return;
    }
    save.mutate(form);
  };

  return (
    <form ref={formElement} onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-3" aria-label={t('trade.card.addTitle')}>
      <CardFields ref={cardFields} onValidityChange={setCardValid} onSubmitRequest={() => formElement.current?.requestSubmit()} />
      <p className="text-xs text-muted">{t('trade.card.fieldsNote')}</p>
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
          <CountrySelect
            label={t('trade.card.country')}
            name="country"
            autoComplete="country"
            placeholder={t('trade.card.selectCountry')}
            value={form.country}
            countries={countries.data}
            onChange={set('country')}
          />
        ) : countries.isError ? (
          <p role="alert" className="text-sm text-danger">
            {tradeErrorText(countries.error, t)}
          </p>
        ) : (
          <Spinner label={t('trade.card.country')} />
        )}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <GradientButton type="submit" fullWidth loading={save.isPending} variant={valid ? 'primary' : 'inactive'}>
        {t('trade.card.save')}
      </GradientButton>
    </form>
  );
}
