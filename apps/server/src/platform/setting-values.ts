import { ErrorCode } from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from './app-error.ts';

/**
 * The checks of a value an operator sets (fees, limits, pairs, feature switches; docs/rules/limits.md
 * "Who changes them"). Each refuses with SettingValueInvalid naming the field and why, before anything is
 * written. Money and rates are decimal strings: a JS number, an exponent, a sign or a comma is refused,
 * never converted.
 */

/** What an operator's change answers: the values before and after, for the desk's audit row. */
export interface SettingChange<T> {
  /** What was changed, e.g. `fees.channel.CHECKOUT`: the audit row's subject. */
  setting: string;
  /** The operator who changed it. */
  actor: string;
  /** Null when the change made the row (a feature switch for a new version, a crypto's own spread). */
  before: T | null;
  /** Null when the change removed the row. */
  after: T | null;
}

export const settingInvalid = (field: string, why: string) => new AppError(ErrorCode.SettingValueInvalid, `${field}: ${why}`);
export const settingNotFound = (what: string) => new AppError(ErrorCode.SettingNotFound, `${what}: no such setting`);

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** The operator's id: what the change is recorded under. */
export function settingActor(actor: unknown): string {
  if (typeof actor !== 'string' || actor.trim() === '' || actor.length > 64) throw settingInvalid('actor', 'the operator id is required');
  return actor;
}

/**
 * A non-negative decimal string with at most `places` decimals, within [min, max] (`above`: strictly
 * more than min). Answers it written plainly ("0.0250" → "0.025").
 */
export function settingDecimal(
  field: string,
  value: unknown,
  rule: { places: number; min?: string; above?: boolean; max?: string },
): string {
  if (typeof value !== 'string') throw settingInvalid(field, 'must be a decimal number written as a string, e.g. "0.025"');
  if (!DECIMAL.test(value)) throw settingInvalid(field, `"${value.slice(0, 40)}" is not a non-negative decimal number`);
  const amount = new Decimal(value);
  if (amount.decimalPlaces() > rule.places) throw settingInvalid(field, `at most ${rule.places} decimals`);
  if (rule.min !== undefined && (rule.above ? amount.lte(rule.min) : amount.lt(rule.min)))
    throw settingInvalid(field, `must be ${rule.above ? 'more than' : 'at least'} ${rule.min}`);
  if (rule.max !== undefined && amount.gt(rule.max)) throw settingInvalid(field, `must be at most ${rule.max}`);
  return amount.toFixed();
}

/** A rate, a share written as a decimal ("0.025" for 2.5%), bounded by `max`. */
export const settingRate = (field: string, value: unknown, max: string) => settingDecimal(field, value, { places: 6, min: '0', max });

/** A whole number within [min, max]. */
export function settingInteger(field: string, value: unknown, rule: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw settingInvalid(field, 'must be a whole number');
  if (value < rule.min || value > rule.max) throw settingInvalid(field, `must be between ${rule.min} and ${rule.max}`);
  return value;
}

export function settingBoolean(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw settingInvalid(field, 'must be true or false');
  return value;
}

/** The input is an object holding at least one of `fields` (a change of nothing is refused, not ignored). */
export function settingInput(value: unknown, fields: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw settingInvalid('input', 'must be an object');
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).filter((key) => !fields.includes(key));
  if (unknown.length > 0) throw settingInvalid(unknown[0]!, 'is not a field of this setting');
  return input;
}

/** A numeric column as read back ("0.025000", "20.000000000000000000"), written plainly. */
export const plainDecimal = (value: string) => new Decimal(value).toFixed();
