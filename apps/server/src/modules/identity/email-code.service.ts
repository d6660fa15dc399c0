import { ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { constantTimeEqual, hmacHex, newId, newSixDigitCode } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import { codeEmail, type EmailLanguage } from './email-templates.ts';
import { type IdentityRepository, normalizeEmail } from './identity.repository.ts';

/**
 * docs/trust.md, "Email codes", and the limits against mail bombing and guessing. "IP" is an IPv4
 * address or an IPv6 /64 (request.ipKey). Sends are bounded three ways, checked in this order, and a
 * send refused by one limit still counts on those checked before it:
 * - per IP, 200 an hour: one IP reaches at most 200 inboxes an hour, while an office or campus
 *   behind one NAT address, where each person asks for a code or two, is not locked out together
 *   (20 an hour did that, issue 14);
 * - per IP and address, 4 an hour: one IP alone cannot use up an address's hour, so the owner asking
 *   from another IP still gets a code;
 * - per address (any IP), 6 an hour: nobody's inbox gets more than that, however many IPs ask. An
 *   attacker with two or more IPs can use up those 6 and keep the owner waiting for the hour; the
 *   bot check in front of the send is the guard against that, not these limits.
 * Entries are bounded per code (5 wrong burn it) and per IP: 60 wrong entries an hour, counted
 * before the check and given back when the code was right, so a building signing in is not
 * refused while a guesser still is.
 */
export const EMAIL_CODE_POLICY = {
  ttlMs: 10 * 60 * 1000,
  resendAfterMs: 59 * 1000,
  maxWrongEntries: 5,
  sendsPerIpPerHour: 200,
  sendsPerIpAndEmailPerHour: 4,
  sendsPerEmailPerHour: 6,
  wrongEntriesPerIpPerHour: 60,
} as const;

const HOUR_MS = 60 * 60 * 1000;
const LIMITED_MESSAGE = 'Maximum attempts exceeded, try again in 1 hour';

export type CodePurpose = 'login' | 'ga-bind' | 'ga-change' | 'password-reset' | 'verify';

/** A wrong code entered, including the fifth wrong entry that burns the code: sign-in counts it as a failed attempt. */
export class WrongCodeError extends AppError {}

/**
 * Six-digit email codes: CSPRNG, stored as an HMAC bound to the code's id, valid 10 minutes,
 * single use, replaced by a resend (not before 59 s), burnt after 5 wrong entries. The code
 * never reaches a log: only the mail provider sees it.
 */
export function createEmailCodeService(deps: {
  repository: IdentityRepository;
  mail: MailProvider;
  rateLimiter: RateLimiter;
  clock: Clock;
  codeKey: Buffer;
}) {
  const { repository, mail, rateLimiter, clock, codeKey } = deps;
  const hashCode = (id: string, code: string) => hmacHex(codeKey, `${id}:${code}`);

  async function limit(key: string, max: number) {
    const result = await rateLimiter.hit(key, max, HOUR_MS, clock.now());
    if (!result.allowed) throw new RateLimitedError(result.retryAfterMs, LIMITED_MESSAGE, ErrorCode.TooManyAttempts);
  }

  /** The code's own check: wrong entries count on the code, the fifth burns it. */
  async function checkCode(input: { email: string; purpose: CodePurpose; code: string }): Promise<string> {
    const now = clock.now();
    const open = await repository.findOpenEmailCode(input.email, input.purpose);
    if (!open) {
      const latest = await repository.findLatestEmailCode(input.email, input.purpose);
      if (latest?.closedReason === 'used') throw new AppError(ErrorCode.EmailCodeUsed, 'This code was already used: ask for a new one');
      if (latest?.closedReason === 'expired') throw new AppError(ErrorCode.EmailCodeExpired, 'This code expired: ask for a new one');
      if (latest?.closedReason === 'burnt') throw new AppError(ErrorCode.TooManyAttempts, 'Maximum attempts exceeded: ask for a new code');
      throw new WrongCodeError(ErrorCode.EmailCodeWrong, 'Invalid code. Please try again.');
    }
    if (open.expiresAt <= now) {
      await repository.closeEmailCode(open.id, 'expired', now);
      throw new AppError(ErrorCode.EmailCodeExpired, 'This code expired: ask for a new one');
    }
    // The entry is counted before the comparison, in one conditional update: parallel entries never exceed the maximum.
    const entries = await repository.reserveEmailCodeEntry(open.id, EMAIL_CODE_POLICY.maxWrongEntries);
    if (entries === null) throw new WrongCodeError(ErrorCode.TooManyAttempts, 'Maximum attempts exceeded: ask for a new code');
    if (!constantTimeEqual(hashCode(open.id, input.code), open.codeHash)) {
      if (entries >= EMAIL_CODE_POLICY.maxWrongEntries) {
        await repository.closeEmailCode(open.id, 'burnt', now);
        throw new WrongCodeError(ErrorCode.TooManyAttempts, 'Maximum attempts exceeded: ask for a new code');
      }
      throw new WrongCodeError(ErrorCode.EmailCodeWrong, 'Invalid code. Please try again.');
    }
    await repository.releaseEmailCodeEntry(open.id);
    return open.id;
  }

  const service = {
    async send(input: { email: string; purpose: CodePurpose; ipKey: string; lang: EmailLanguage }) {
      const email = normalizeEmail(input.email);
      const now = clock.now();
      const open = await repository.findOpenEmailCode(email, input.purpose);
      if (open && now.getTime() - open.createdAt.getTime() < EMAIL_CODE_POLICY.resendAfterMs) {
        const waitMs = EMAIL_CODE_POLICY.resendAfterMs - (now.getTime() - open.createdAt.getTime());
        // With Retry-After: the code dialog counts down to Resend from it (the open code still works).
        throw new RateLimitedError(
          waitMs,
          `Please wait ${Math.ceil(waitMs / 1000)} s before asking for a new code`,
          ErrorCode.EmailCodeAskedTooSoon,
        );
      }
      // Widest first: a send refused by the IP's or the IP-and-address limit is not counted on the
      // address, so one IP hammering an address cannot use up its owner's hour.
      await limit(`code-send:ip:${input.ipKey}`, EMAIL_CODE_POLICY.sendsPerIpPerHour);
      await limit(`code-send:ip-email:${input.ipKey}:${email}`, EMAIL_CODE_POLICY.sendsPerIpAndEmailPerHour);
      await limit(`code-send:email:${email}`, EMAIL_CODE_POLICY.sendsPerEmailPerHour);
      await repository.closeOpenEmailCodes(email, input.purpose, 'replaced', now);
      const id = newId('otp');
      const code = newSixDigitCode();
      await repository.insertEmailCode({
        id,
        emailNormalized: email,
        purpose: input.purpose,
        codeHash: hashCode(id, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CODE_POLICY.ttlMs),
      });
      await mail.send({ to: email, ...codeEmail(code, input.lang) });
      return { resendAfterSeconds: EMAIL_CODE_POLICY.resendAfterMs / 1000, expiresInSeconds: EMAIL_CODE_POLICY.ttlMs / 1000 };
    },

    /** Consumes the code or throws the code's failure (wrong, expired, used, burnt). */
    async verify(input: { email: string; purpose: CodePurpose; code: string; ipKey: string }): Promise<void> {
      await service.use(await service.check(input));
    },

    /**
     * Checks the code like verify (wrong entries count) but leaves it open, for a step that needs
     * another factor too: answers the code's id, which `use` consumes once that factor passed.
     */
    async check(input: { email: string; purpose: CodePurpose; code: string; ipKey: string }): Promise<string> {
      // Counted before the check, so parallel guesses cannot slip past the limit, and given back
      // unless the entry was wrong: only wrong entries add up on the IP (an office behind one NAT
      // address signs in as often as it asks for codes). A refusal that is not a wrong entry
      // (expired, used) guesses nothing: given back too. Per person, wrong codes count in the
      // code's own entries and in sign-in's lock, as before.
      return rateLimiter.countRefusals(
        `code-verify:ip:${input.ipKey}`,
        EMAIL_CODE_POLICY.wrongEntriesPerIpPerHour,
        HOUR_MS,
        clock.now(),
        LIMITED_MESSAGE,
        () => checkCode(input),
        { errorName: ErrorCode.TooManyAttempts, countsAsRefusal: (error) => error instanceof WrongCodeError },
      );
    },

    /** Consumes a code `check` passed; USE000002004 when another request used it first (single use). */
    async use(codeId: string): Promise<void> {
      if (!(await repository.closeEmailCode(codeId, 'used', clock.now())))
        throw new AppError(ErrorCode.EmailCodeUsed, 'This code was already used: ask for a new one');
    },

    /**
     * Sends a code unless one went out within the resend window, for steps that send on arrival
     * (a reload must not fail, nor mail again): answers the seconds left either way.
     */
    async ensureSent(input: { email: string; purpose: CodePurpose; ipKey: string; lang: EmailLanguage }) {
      const open = await repository.findOpenEmailCode(normalizeEmail(input.email), input.purpose);
      const age = open ? clock.now().getTime() - open.createdAt.getTime() : Infinity;
      if (age >= EMAIL_CODE_POLICY.resendAfterMs) return service.send(input);
      return {
        resendAfterSeconds: Math.ceil((EMAIL_CODE_POLICY.resendAfterMs - age) / 1000),
        expiresInSeconds: EMAIL_CODE_POLICY.ttlMs / 1000,
      };
    },
  };
  return service;
}

export type EmailCodeService = ReturnType<typeof createEmailCodeService>;
