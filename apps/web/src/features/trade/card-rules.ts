import { cardNetworkOf, isCountryCode, isExpiryInFuture, isLuhnValid, isValidPostalCode, isValidTextField, maskSegments } from '@causeway/contracts';
import type { AddCardBody, Card } from './api/trade-api';

/** Spec §9 masking of a saved card: "4242 **** **** 4242". */
export const maskedNumberOf = (card: Pick<Card, 'cardBin' | 'cardLast4'>) => maskSegments(card.cardBin, card.cardLast4);

/** MM/YY of a saved card. */
export const expiryOf = (card: Pick<Card, 'expiryMonth' | 'expiryYear'>) => `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;

/** A saved card that can pay now: enabled and not past its expiry month. */
export const isUsableCard = (card: Card, now: Date) => card.enabled && isExpiryInFuture(card.expiryMonth, card.expiryYear, now);

export const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The number as typed, in groups of four ("4242 4242 4242 4242"), at most 19 digits. */
export const formatCardNumber = (raw: string) => digitsOf(raw).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as typed: a leading 2-9 is a one-digit month ("4" → "04"); the slash comes by itself. */
export function formatExpiry(raw: string): string {
  let digits = digitsOf(raw).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and four-digit year of "MM/YY", or null when it is not that. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(match[2]) } : null;
}

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvv: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export const EMPTY_CARD_FORM: CardForm = { cardNumber: '', expiry: '', cvv: '', firstName: '', lastName: '', address: '', city: '', postalCode: '', country: '' };

/** The text key of each field's first problem (spec §5 card rules, with the contracts' text-field rules). */
export function cardFormErrors(form: CardForm, now: Date): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const number = digitsOf(form.cardNumber);
  if (!isLuhnValid(number)) errors.cardNumber = 'trade.card.errors.number';
  else if (!cardNetworkOf(number)) errors.cardNumber = 'trade.card.errors.network';
  const expiry = parseExpiry(form.expiry);
  if (!expiry) errors.expiry = 'trade.card.errors.expiryFormat';
  else if (!isExpiryInFuture(expiry.month, expiry.year, now)) errors.expiry = 'trade.card.errors.expired';
  if (!/^\d{3,4}$/.test(form.cvv)) errors.cvv = 'trade.card.errors.cvv';
  for (const field of ['firstName', 'lastName', 'address', 'city'] as const) {
    if (!isValidTextField(form[field])) errors[field] = 'trade.card.errors.text';
  }
  if (!isValidPostalCode(form.postalCode)) errors.postalCode = 'trade.card.errors.postalCode';
  if (!isCountryCode(form.country)) errors.country = 'trade.card.errors.country';
  return errors;
}

/** The add-card body of a valid form. */
export function addCardBodyOf(form: CardForm): AddCardBody {
  const expiry = parseExpiry(form.expiry)!;
  return {
    cardNumber: digitsOf(form.cardNumber),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvv: form.cvv,
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
