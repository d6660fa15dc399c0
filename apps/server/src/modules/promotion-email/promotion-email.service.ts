import { API_BASE, ErrorCode, type PromotionEmailList, type PromotionEmailSubscription } from '@causeway/contracts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { EmailLanguage, People, Principal, Requester } from '../identity/index.ts';
import { promotionEmail, type PromotionContent, welcomePromotion } from './promotion-email-templates.ts';
import type { ChangedVia, PromotionEmailRepository } from './promotion-email.repository.ts';
import type { UnsubscribeClaims, UnsubscribeLinks } from './unsubscribe-link.ts';

/** The one list so far: news and offers. */
export const PROMOTIONS: PromotionEmailList = 'promotions';

/** Where a mail client's one-click unsubscribe POSTs (RFC 8058); the token in its query names the person and list. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = `${API_BASE}/capi/v1/common/promotion-email/one-click-unsubscribe`;

/** Forged or altered unsubscribe links refused per client address and hour before the next is refused unchecked. */
export const UNSUBSCRIBE_REFUSALS_PER_ADDRESS_PER_HOUR = 20;
/** Welcome emails per person and day: saying yes, no, yes again sends no more than this. */
export const WELCOME_EMAILS_PER_PERSON_PER_DAY = 3;
export const JOB_SEND_WELCOME = 'promotion-email.send-welcome';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Accounts that get no promotional email whatever they chose: a blocked or closed account is told only what it must be. */
const SILENCED_ACCOUNTS = new Set(['Blocked', 'Terminated']);

/**
 * Promotional emails (docs/rules/calls.md "Promotional emails"): the person's choice, the emails that
 * honour it, and the unsubscribe link each one carries (a page that asks to confirm, and the mail
 * client's one-click POST of RFC 8058).
 */
export function createPromotionEmailService(deps: {
  repository: PromotionEmailRepository;
  people: People;
  mail: MailProvider;
  rateLimiter: RateLimiter;
  clock: Clock;
  links: UnsubscribeLinks;
  queue: JobQueueRepository;
  worker: JobWorker;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** PUBLIC_URL without its trailing slash, or ''. */
  publicUrl: string;
}) {
  const { repository, clock } = deps;

  /**
   * Where links point: PUBLIC_URL, else the request's own origin while mail goes to the sandbox mailbox
   * (the Host header is the client's to choose, so a real inbox never gets a link to it); else none.
   */
  const originFor = (requester: Requester): string | null => deps.publicUrl || (deps.mail.kind === 'sandbox' ? requester.origin : null);

  async function choiceOf(user: Principal): Promise<PromotionEmailSubscription> {
    const row = await repository.find(user.id, PROMOTIONS);
    return { subscribed: row?.subscribed ?? false, email: user.email };
  }

  /**
   * Sends one promotional email to a person who said yes, with its unsubscribe link and headers. Sends
   * nothing to a person who said no (or never said yes), to a blocked or closed account, or without an
   * origin for the link: a promotional email never goes out without a working way to leave.
   */
  async function sendPromotion(
    userId: string,
    list: PromotionEmailList,
    origin: string | null,
    contentOf: (lang: EmailLanguage) => PromotionContent,
  ) {
    const row = await repository.find(userId, list);
    if (!row?.subscribed || origin === null) return false;
    const person = await deps.people.findById(userId);
    if (!person || SILENCED_ACCOUNTS.has(person.accountStatus)) return false;
    const lang: EmailLanguage = row.language === 'zh' ? 'zh' : 'en';
    const token = deps.links.sign({ userId, list, generation: row.linkGeneration });
    // The page's link keeps the token in the fragment: never sent to a server, never in a Referer.
    const pageLink = `${origin}/${lang}/unsubscribe#${token}`;
    const oneClick = `${origin}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: person.email,
      ...promotionEmail(contentOf(lang), pageLink, lang),
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    return true;
  }

  deps.worker.register(JOB_SEND_WELCOME, async (payload) => {
    const { userId, list, origin } = payload as { userId: string; list: PromotionEmailList; origin: string | null };
    // Read at send time: a person who said no again before the job ran gets nothing.
    await sendPromotion(userId, list, origin, welcomePromotion);
  });

  /** A link's claims, its signature checked and counted per client address; then whether it is still current. */
  async function checkLink(token: string, ipKey: string) {
    const claims = await deps.rateLimiter.countRefusals<UnsubscribeClaims>(
      `unsubscribe-link:ip:${ipKey}`,
      UNSUBSCRIBE_REFUSALS_PER_ADDRESS_PER_HOUR,
      HOUR_MS,
      clock.now(),
      'Too many invalid unsubscribe links from this address: try again later.',
      async () => {
        const verified = deps.links.verify(token);
        if (!verified) throw new AppError(ErrorCode.UnsubscribeLinkInvalid);
        return verified;
      },
    );
    const [row, person] = await Promise.all([repository.find(claims.userId, claims.list), deps.people.findById(claims.userId)]);
    // Signed by us but naming nobody we know (a database restored without them): as good as no link.
    if (!row || !person) throw new AppError(ErrorCode.UnsubscribeLinkInvalid);
    if (row.linkGeneration !== claims.generation) throw new AppError(ErrorCode.UnsubscribeLinkReplaced);
    return { claims, row, person };
  }

  return {
    choiceOf,
    sendPromotion,

    /**
     * Sets the person's choice. A yes (from a no) starts a new link generation and queues the welcome
     * email (at most 3 a day); a yes that was already one changes nothing. A no turns the emails off.
     */
    async setChoice(user: Principal, subscribed: boolean, lang: EmailLanguage, requester: Requester): Promise<PromotionEmailSubscription> {
      const now = clock.now();
      if (!subscribed) {
        await repository.unsubscribe({ userId: user.id, list: PROMOTIONS, via: 'settings', at: now });
        return choiceOf(user);
      }
      await deps.transaction(async () => {
        const changed = await repository.subscribe({ userId: user.id, list: PROMOTIONS, language: lang, at: now });
        // A yes that was one already: the links of earlier emails keep working, and no welcome again.
        if (!changed) return;
        const welcome = await deps.rateLimiter.hit(`promotion-welcome:user:${user.id}`, WELCOME_EMAILS_PER_PERSON_PER_DAY, DAY_MS, now);
        if (welcome.allowed)
          await deps.queue.enqueue({
            kind: JOB_SEND_WELCOME,
            payload: { userId: user.id, list: PROMOTIONS, origin: originFor(requester) },
            runAt: now,
          });
      });
      return choiceOf(user);
    },

    /** The unsubscribe screen, before the person confirms: which address and list the link names. Changes nothing. */
    async linkDetails(token: string, ipKey: string) {
      const { claims, row, person } = await checkLink(token, ipKey);
      return { email: person.email, list: claims.list, subscribed: row.subscribed };
    },

    /** The screen's confirm, or the mail client's one-click POST: the address off the list. Twice is as once. */
    async unsubscribeByLink(token: string, ipKey: string, via: Extract<ChangedVia, 'link' | 'one-click'>) {
      const { claims, person } = await checkLink(token, ipKey);
      const turnedOff = await repository.unsubscribe({
        userId: claims.userId,
        list: claims.list,
        via,
        at: clock.now(),
        generation: claims.generation,
      });
      if (!turnedOff) {
        // Off already, or a yes in Settings replaced this link between the check and now.
        const now = await repository.find(claims.userId, claims.list);
        if (now && now.linkGeneration !== claims.generation) throw new AppError(ErrorCode.UnsubscribeLinkReplaced);
      }
      return { email: person.email, list: claims.list, alreadyUnsubscribed: !turnedOff };
    },
  };
}

export type PromotionEmailService = ReturnType<typeof createPromotionEmailService>;
