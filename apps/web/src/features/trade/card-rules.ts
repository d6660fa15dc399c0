import { isCountryCode, isExpiryInFuture, isValidPostalCode, isValidTextField, maskSegments } from '@causeway/contracts';
import type { AddCardBody, Card } from './api/trade-api';

/** docs/rules/limits.md masking of a saved card: "4242 **** **** 4242". */
export const maskedNumberOf = (card: Pick<Card, 'cardBin' | 'cardLast4'>) => maskSegments(card.cardBin, card.cardLast4);

/** MM/YY of a saved card. */
export const expiryOf = (card: Pick<Card, 'expiryMonth' | 'expiryYear'>) =>
  `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;

/** A saved card that can pay now: enabled and not past its expiry month. */
export const isUsableCard = (card: Card, now: Date) => card.enabled && isExpiryInFuture(card.expiryMonth, card.expiryYear, now);

/**
 * The add-card form's own fields: the billing address. The number, expiry and CVV are typed into
 * the processor's card fields (card-fields/), which check them and give back a token.
 */
export interface CardForm {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export const EMPTY_CARD_FORM: CardForm = { firstName: '', lastName: '', address: '', city: '', postalCode: '', country: '' };

/** The text key of each field's first problem (the contracts' text-field, postal-code and country rules). */
export function cardFormErrors(form: CardForm): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  for (const field of ['firstName', 'lastName', 'address', 'city'] as const) {
    if (!isValidTextField(form[field])) errors[field] = 'trade.card.errors.text';
  }
  if (!isValidPostalCode(form.postalCode)) errors.postalCode = 'trade.card.errors.postalCode';
  if (!isCountryCode(form.country)) errors.country = 'trade.card.errors.country';
  return errors;
}

/** The add-card body: the card fields' token and the billing address of a valid form. Never a number or CVV. */
export function addCardBodyOf(form: CardForm, cardToken: string): AddCardBody {
  return {
    cardToken,
    channelCode: 'CHECKOUT',
    billingAddress: {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      address: form.address.trim(),
      city: form.city.trim(),
      postalCode: form.postalCode.trim(),
      country: form.country,
    },
  };
}
