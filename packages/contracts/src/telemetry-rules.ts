/**
 * The shape limits of a trace batch (`user/trace/log`) and the rule that keeps secrets out of it, shared by the web
 * client (which redacts before anything leaves the browser) and the server (which redacts again: it never trusts
 * a client). No zod here: the web's telemetry queue reads these without bundling a schema library; the schema
 * lives in `telemetry.ts`.
 */
import { isLuhnValid } from './card-rules.ts';

export const TRACE_LIMITS = {
  /** Events in one batch; the web splits a longer queue into several batches. */
  eventsPerBatch: 50,
  elementIdChars: 64,
  subElementIdChars: 64,
  messageChars: 500,
} as const;

/** What an elementId may hold: a dotted name such as `trade.continue` (letters, digits, `_`, `.`, `-`). */
export const TRACE_ELEMENT_ID_PATTERN = /^[\w.-]+$/;

/** What is stored, and sent, in place of a text that looks like a secret. */
export const TRACE_REDACTED = '[redacted]';

/**
 * A card number: 13 to 19 digits, single spaces or dashes allowed between them, Luhn-valid. A longer run is
 * checked in every 13-to-19-digit stretch, so a card number glued to its expiry date or CVV is still caught (such
 * a run is therefore nearly always redacted: telemetry has no use for one).
 */
function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(/\d(?:[ -]?\d)*/g)) {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 13) continue;
    if (digits.length <= 19) {
      if (isLuhnValid(digits)) return true;
      continue;
    }
    for (let length = 13; length <= 19; length += 1)
      for (let start = 0; start + length <= digits.length; start += 1) if (isLuhnValid(digits.slice(start, start + length))) return true;
  }
  return false;
}

/** A sign-in or authenticator code: six digits on their own (`123456`, `123 456`, `123-456`). */
const SIX_DIGIT_CODE = /(?<!\d)\d{3}[ -]?\d{3}(?!\d)/;
const EMAIL_ADDRESS = /[^\s@]+@[^\s@]+\.[^\s@]{2,}/;
/** A JWT (its base64url header always starts with `eyJ`, `{"`), or an Authorization value. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\./;
const BEARER = /\b(?:bearer|basic)\s+\S{8,}/i;
/** Our merchants' API keys (`sk_live_…`, `pk_test_…`). */
const API_KEY = /\b[sp]k_[a-z]+_\w/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session token or other random secret: 24 or more base64(url) characters mixing upper case, lower case and
 * digits (our tokens are 32 random bytes in base64url). A UUID (an order id) and a dotted or snake_case name are
 * not: they lack one of the three.
 */
function containsRandomToken(text: string): boolean {
  for (const [run] of text.matchAll(/[\w+/=-]{24,}/g))
    if (!UUID.test(run) && /[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run)) return true;
  return false;
}

/** True when a text looks like a card number, a six-digit code, an email address or a token: it is never stored. */
export function looksSecret(text: string): boolean {
  return (
    containsCardNumber(text) ||
    SIX_DIGIT_CODE.test(text) ||
    EMAIL_ADDRESS.test(text) ||
    JWT.test(text) ||
    BEARER.test(text) ||
    API_KEY.test(text) ||
    containsRandomToken(text)
  );
}

/** The text itself, or TRACE_REDACTED when it looks like a secret. */
export const redactTraceText = (text: string): string => (looksSecret(text) ? TRACE_REDACTED : text);
