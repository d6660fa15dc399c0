import type { Principal } from './principal.ts';
import type { Clock } from '../../platform/clock.ts';
import { newToken, sha256Hex } from '../../platform/crypto.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import { unlockEmail } from './email-templates.ts';
import type { IdentityRepository } from './identity.repository.ts';
import type { Requester } from './requester.ts';
import { FIRST_FACTORS } from './sign-in-lock.ts';

/** docs/trust.md: an unlock link lives an hour and is used once; a person gets at most 3 an hour (no mail bombing by locking). */
export const UNLOCK_POLICY = { ttlMs: 60 * 60 * 1000, mailsPerPersonPerHour: 3 } as const;
export const UNLOCK_PATH = '/unlock-sign-in';

/**
 * Unlock links: when the password or email-code checks lock a person's sign-in, the owner is
 * mailed a link that lifts those locks. Someone who only knows the address cannot read it, so
 * locking an account never shuts its owner out for longer than it takes to open the email. The
 * token is 256 random bits; only its SHA-256 is stored.
 */
export function createUnlockService(deps: {
  repository: IdentityRepository;
  mail: MailProvider;
  rateLimiter: RateLimiter;
  clock: Clock;
  /**
   * PUBLIC_URL: where links point (production requires it). Without it, the origin the request
   * came to, but only while mail goes to the sandbox mailbox: the Host header is the client's to
   * choose, so a real inbox never gets a link to an origin a stranger named; it gets no link.
   */
  publicUrl?: string | undefined;
}) {
  const { repository, clock } = deps;

  return {
    async mailLink(user: Principal, requester: Requester): Promise<void> {
      const now = clock.now();
      if (
        !(await deps.rateLimiter.hit(`unlock-mail:user:${user.id}`, UNLOCK_POLICY.mailsPerPersonPerHour, UNLOCK_POLICY.ttlMs, now)).allowed
      )
        return;
      const origin = deps.publicUrl?.replace(/\/+$/, '') ?? (deps.mail.kind === 'sandbox' ? requester.origin : undefined);
      if (origin === undefined) {
        await deps.mail.send({ to: user.email, ...unlockEmail(null, requester.lang) });
        return;
      }
      const token = newToken();
      await repository.insertUnlockToken({
        tokenHash: sha256Hex(token),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + UNLOCK_POLICY.ttlMs),
      });
      const link = `${origin}${UNLOCK_PATH}?token=${encodeURIComponent(token)}&lang=${requester.lang}`;
      await deps.mail.send({ to: user.email, ...unlockEmail(link, requester.lang) });
    },

    /** Whether the link can still be used (the page offers its button only then). */
    isOpen: (token: string) => repository.isUnlockTokenOpen(sha256Hex(token), clock.now()),

    /** Uses the link once: lifts the person's password and email-code locks. False when unknown, used or expired. */
    async use(token: string): Promise<boolean> {
      return repository.transaction(async () => {
        const userId = await repository.useUnlockToken(sha256Hex(token), clock.now());
        if (!userId) return false;
        await repository.clearCredentialFailures(userId, FIRST_FACTORS);
        return true;
      });
    },
  };
}

export type UnlockService = ReturnType<typeof createUnlockService>;
