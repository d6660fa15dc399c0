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

/** The kind of account each mode signs in: an opened mode tells the list's members of that kind only. */
const USER_TYPES_OF_MODE: Record<LoginMode, readonly string[]> = {
  individual: ['Individual'],
  independent: ['Individual'],
  business: ['Corporate'],
  businessIndependent: ['Corporate'],
};

const emailLanguage = (lang: string): EmailLanguage => (lang === 'zh' ? 'zh' : 'en');

/**
 * docs/rules/uk-and-countries.md "The UK launch list": when a mode opens to the UK, each member of the list whose
 * account signs in with that mode gets the promised email, once. A member is marked told before their email goes
 * (a compare-and-set: two workers never tell one person twice); an email the mail service refuses takes its mark
 * back, with the rest of its round's, and the job is retried.
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
  const signInUrlOf = (lang: EmailLanguage) => (deps.publicUrl ? `${deps.publicUrl}/${lang}/login-v2` : null);

  deps.worker.register(JOB_TELL_UK_LIST, async (payload) => {
    const { mode } = payload as { mode: LoginMode };
    const userTypes = USER_TYPES_OF_MODE[mode];
    if (!userTypes) return;
    for (;;) {
      const round = await deps.repository.claimUntold(deps.list, userTypes, MEMBERS_PER_ROUND, deps.clock.now());
      if (round.length === 0) return;
      for (const [index, member] of round.entries()) {
        const lang = emailLanguage(member.lang);
        try {
          await deps.mail.send({ to: member.email, ...ukLaunchEmail({ lang, signInUrl: signInUrlOf(lang) }) });
        } catch (error) {
          for (const untold of round.slice(index)) await deps.repository.unmarkTold(deps.list, untold.userId);
          throw error;
        }
      }
    }
  });
}
