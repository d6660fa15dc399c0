import type { LoginMode } from '@causeway/contracts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import type { Clock } from '../../platform/clock.ts';
import type { MailProvider } from '../../providers/mail/index.ts';
import type { EmailLanguage } from '../identity/index.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import { ukLaunchEmail } from './uk-launch-email.ts';

/** The outbox job an opening of a mode to the UK queues (in the switch's transaction): tell the UK launch list. */
export const JOB_TELL_UK_LIST = 'availability.tell-uk-list';

/** Members claimed and mailed per round: a large list is told in rounds, each member once. */
const MEMBERS_PER_ROUND = 50;

/**
 * The modes whose opening tells the list, with the kind of account they sign in and their sign-in page. Only the
 * checkout's own sign-ins: a member is told once, and "you can sign in" must hold on our pages, not only inside a
 * merchant's site (independent, businessIndependent), which opening alone does not tell anyone.
 */
export const TOLD_WHEN_OPENED: Partial<Record<LoginMode, { userTypes: readonly string[]; signInPage: string }>> = {
  individual: { userTypes: ['Individual'], signInPage: 'login-v2' },
  business: { userTypes: ['Corporate'], signInPage: 'business-login' },
};

const emailLanguage = (lang: string): EmailLanguage => (lang === 'zh' ? 'zh' : 'en');

/**
 * docs/rules/uk-and-countries.md "The UK launch list": when a mode opens to the UK, each member of the list whose
 * account signs in with that mode gets the promised email, once, the longest waiting first. A member is marked
 * told before their email goes (a compare-and-set: two workers never tell one person twice); an email the mail
 * service refuses takes its mark back and is skipped for the rest of the run, and the job is retried for them. A
 * crash between a mark and its email loses that email (told at most once, not at least once).
 */
export function registerUkLaunchList(deps: {
  worker: JobWorker;
  repository: AvailabilityRepository;
  mail: MailProvider;
  clock: Clock;
  /** PUBLIC_URL: the sign-in link's origin; empty, the email names the service without a link. */
  publicUrl: string;
  list: string;
}): void {
  const signInUrlOf = (lang: EmailLanguage, page: string) => (deps.publicUrl ? `${deps.publicUrl}/${lang}/${page}` : null);

  deps.worker.register(JOB_TELL_UK_LIST, async (payload) => {
    const { mode } = payload as { mode: LoginMode };
    const told = TOLD_WHEN_OPENED[mode];
    if (!told) return;
    // Members whose email the mail service refused in this run: their marks taken back, they are skipped until the
    // job's retry, so one address that always fails holds nobody else up.
    const refused: string[] = [];
    let lastError: unknown;
    for (;;) {
      const round = await deps.repository.claimUntold(deps.list, told.userTypes, MEMBERS_PER_ROUND, deps.clock.now(), refused);
      if (round.length === 0) break;
      for (const member of round) {
        const lang = emailLanguage(member.lang);
        try {
          await deps.mail.send({ to: member.email, ...ukLaunchEmail({ lang, signInUrl: signInUrlOf(lang, told.signInPage) }) });
        } catch (error) {
          await deps.repository.unmarkTold(deps.list, member.userId);
          refused.push(member.userId);
          lastError = error;
        }
      }
    }
    if (refused.length > 0) throw lastError;
  });
}
