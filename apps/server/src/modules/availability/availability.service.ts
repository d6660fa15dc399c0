import { API_BASE, ErrorCode, LOGIN_MODES, type LoginMode, PATHS } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import { RateLimitedError } from '../../platform/rate-limited.ts';
import { createSignedClaims } from '../../platform/signed-claims.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import type { GeoProvider } from '../../providers/geo/index.ts';
import type { AccessRules, EmailLanguage, People, SignedIn } from '../identity/index.ts';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { AvailabilityRepository, ServiceModeRow } from './availability.repository.ts';
import { JOB_TELL_UK_LIST, TOLD_WHEN_OPENED } from './uk-launch-list.ts';

/** The country whose residents and visitors the UK rules are about. */
export const UK = 'GB';

/** The list join-uk-email-list puts people on: told when the UK opens. */
export const UK_LAUNCH_LIST = 'UK_LAUNCH';

/**
 * How long a mode's switches are remembered by a process: a switch turned elsewhere (another process, the
 * database by hand) applies within this; the process that turns it applies it at once.
 */
export const SERVICE_MODE_CACHE_TTL_MS = 2_000;

/** How long a process remembers which countries are not accepted: an operator's change to the flags applies within this. */
export const COUNTRY_FLAGS_CACHE_TTL_MS = 10_000;

/** How long the UK notice's list ticket lets the person join the list after a refused sign-in. */
export const UK_LIST_TICKET_TTL_MS = 30 * 60 * 1000;

/** Joins of the UK list per client address and hour (each is one insert at most; a script gains nothing more). */
export const UK_LIST_JOINS_PER_IP_PER_HOUR = 30;

const HOUR_MS = 60 * 60 * 1000;

/** The signed-in calls a mode under maintenance still answers: signing out. */
const MAINTENANCE_EXEMPT_ROUTES: ReadonlySet<string> = new Set([`${API_BASE}${PATHS.logout}`]);

/** A block reason of the country rules: AC100001 a residence not accepted, AC100011 a nationality not accepted. */
export type CountryRefusal = 'AC100001' | 'AC100011';

/** One mode's switches as an operator and the sandbox see them. */
export interface ServiceModeState {
  mode: LoginMode;
  /** On: the mode's sign-ins and signed-in calls answer 10000047 (ModeUnavailable), sign-out excepted. */
  maintenance: boolean;
  /** On: UK residents and people in the UK may sign in in this mode; off, they get the UK notice (10000041). */
  ukOpen: boolean;
  /** Who switched last, and when; null for a mode never switched (its defaults: served, closed to the UK). */
  updatedBy: string | null;
  updatedAt: string | null;
}

interface UkListClaims {
  userId: string;
  expiresAt: number;
}

const isLoginMode = (mode: string): mode is LoginMode => (LOGIN_MODES as readonly string[]).includes(mode);

const stateOf = (mode: LoginMode, row: ServiceModeRow | undefined): ServiceModeState => ({
  mode,
  maintenance: row?.maintenance ?? false,
  ukOpen: row?.ukOpen ?? false,
  updatedBy: row?.updatedBy ?? null,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/**
 * docs/rules/uk-and-countries.md: where and when the service is offered. Each mode's maintenance switch and
 * UK opening (data, switched by an operator or the sandbox tool), the IP checks, the UK rules of a sign-in,
 * the countries whose residents or nationals are not accepted, and the UK launch list.
 */
export function createAvailabilityService(deps: {
  repository: AvailabilityRepository;
  geo: GeoProvider;
  clock: Clock;
  rateLimiter: RateLimiter;
  people: People;
  /** Whether an individual's verification recorded a residence in the UK (the kyc module's UK flag). */
  ukFlagOf: (userId: string) => Promise<boolean>;
  /** Signs the UK list tickets (a key of its own, derived from the server secret). */
  ticketKey: Buffer;
  /** The outbox: opening a mode to the UK queues the UK launch list's email in the switch's own transaction. */
  queue: Pick<JobQueueRepository, 'enqueue'>;
  transaction: RunInTransaction;
}) {
  const { repository, clock } = deps;
  // On the app's clock, so a test can move past an entry's life.
  const now = () => clock.now().getTime();
  const modesCache = createTtlCache<Map<string, ServiceModeRow>>({ ttlMs: SERVICE_MODE_CACHE_TTL_MS, now });
  const countriesCache = createTtlCache<Map<string, { residenceAccepted: boolean; nationalityAccepted: boolean }>>({
    ttlMs: COUNTRY_FLAGS_CACHE_TTL_MS,
    now,
  });
  const tickets = createSignedClaims<UkListClaims>(deps.ticketKey);

  const rows = () => modesCache.get('modes', async () => new Map((await repository.serviceModes()).map((row) => [row.mode, row])));
  const modeState = async (mode: LoginMode) => stateOf(mode, (await rows()).get(mode));

  /** The countries not accepted, with their flags, read at most every 10 s (an operator's edit shows within that). */
  const refused = () =>
    countriesCache.get('refused', async () => new Map((await repository.refusedCountries()).map(({ code, ...flags }) => [code, flags])));

  /** The request address's country, or null when unknown or when the lookup fails (an outage never stops a sign-in). */
  async function countryOfIp(ip: string): Promise<string | null> {
    try {
      return (await deps.geo.countryOf(ip))?.toUpperCase() ?? null;
    } catch {
      return null;
    }
  }

  async function change(mode: LoginMode, values: { maintenance?: boolean; ukOpen?: boolean }, by: string): Promise<ServiceModeState> {
    const row = await repository.setServiceMode(mode, values, by, clock.now());
    // Forgotten once the change is committed (at once outside a transaction; after the desk's audited one
    // commits): cleared earlier, a request in between could cache the old row again for 2 s.
    afterCommit(() => modesCache.clear());
    return stateOf(mode, row);
  }

  /** Whether a country's residents may be served (an unknown code or none: yes, nothing says otherwise). */
  const residenceAccepted = async (code: string | null) =>
    code === null || (await refused()).get(code.toUpperCase())?.residenceAccepted !== false;

  const accessRules: AccessRules = {
    async beforeSignIn(mode) {
      if ((await modeState(mode)).maintenance)
        throw new AppError(ErrorCode.ModeUnavailable, 'This service is under maintenance: please try again later');
    },

    async atSignIn(person, mode, ip) {
      if ((await modeState(mode)).ukOpen) return;
      const [ipCountry, resident] = await Promise.all([
        ip ? countryOfIp(ip) : null,
        person.userType === 'Individual' ? deps.ukFlagOf(person.id) : false,
      ]);
      if (ipCountry !== UK && !resident) return;
      const ukListTicket = tickets.sign({ userId: person.id, expiresAt: clock.now().getTime() + UK_LIST_TICKET_TTL_MS });
      throw new AppError(
        ErrorCode.UkLoginNoticeRequired,
        'Our services are not open to UK residents or to people in the UK yet: join the list to hear when they are',
        { ukListTicket },
      );
    },

    async onSignedInCall(mode, route) {
      if (!isLoginMode(mode) || MAINTENANCE_EXEMPT_ROUTES.has(route)) return;
      await accessRules.beforeSignIn(mode);
    },
  };

  return {
    accessRules,

    /** Every mode's switches, read now (not from the cache): what an operator or the sandbox shows. */
    async serviceModes(): Promise<ServiceModeState[]> {
      const byMode = new Map((await repository.serviceModes()).map((row) => [row.mode, row]));
      return LOGIN_MODES.map((mode) => stateOf(mode, byMode.get(mode)));
    },

    /** Turns a mode's maintenance on or off (`by`: who, kept on the row). Applies at once in this process, within 2 s in the others. */
    setMaintenance: (mode: LoginMode, on: boolean, by: string) => change(mode, { maintenance: on }, by),

    /** Opens a mode to UK residents and people in the UK, or closes it to them (`by`: who). */
    setUkOpen: (mode: LoginMode, open: boolean, by: string) =>
      deps.transaction(async () => {
        const wasOpen = (await repository.serviceModes()).find((row) => row.mode === mode)?.ukOpen ?? false;
        const state = await change(mode, { ukOpen: open }, by);
        // The list was promised an email when they can sign in again: an opening (not a repeat) queues it, once it commits.
        if (open && !wasOpen && TOLD_WHEN_OPENED[mode])
          await deps.queue.enqueue({
            kind: JOB_TELL_UK_LIST,
            payload: { mode },
            runAt: clock.now(),
            dedupeKey: `${JOB_TELL_UK_LIST}:${mode}`,
          });
        return state;
      }),

    /** get-check-ip-result: the address's country, whether the UK rules apply, and whether its residents are refused. */
    async ipCheck(ip: string) {
      const ipCountry = await countryOfIp(ip);
      return { ipCountry, isUk: ipCountry === UK, blocked: !(await residenceAccepted(ipCountry)) };
    },

    /**
     * The country rules at the point a verification's data arrives: a residence whose residents are not
     * accepted is AC100001, else a nationality whose nationals are not accepted is AC100011, else null.
     */
    async countryRefusal(data: { nationality: string | null; residenceCountry: string | null }): Promise<CountryRefusal | null> {
      const flags = await refused();
      if (data.residenceCountry && flags.get(data.residenceCountry.toUpperCase())?.residenceAccepted === false) return 'AC100001';
      if (data.nationality && flags.get(data.nationality.toUpperCase())?.nationalityAccepted === false) return 'AC100011';
      return null;
    },

    /**
     * join-uk-email-list: the account goes on the UK launch list once, however often asked. The account is the
     * ticket's (the UK notice of a refused sign-in carries one) or the session's; neither: USER0000001.
     * Counted per client address.
     */
    async joinUkList(input: { ticket: string | undefined; signedIn: SignedIn | null; ipKey: string; lang: EmailLanguage }) {
      const verdict = await deps.rateLimiter.hit(`uk-list:ip:${input.ipKey}`, UK_LIST_JOINS_PER_IP_PER_HOUR, HOUR_MS, clock.now());
      if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterMs, 'Too many requests to join the list: try again later');
      const userId = input.ticket ? tickets.verify(input.ticket, clock.now())?.userId : input.signedIn?.user.id;
      const person = userId ? await deps.people.findById(userId) : undefined;
      if (!person) throw new AppError(ErrorCode.SessionRequired, 'Sign in again to join the list');
      const joinedNow = await repository.joinMailingList({
        list: UK_LAUNCH_LIST,
        userId: person.id,
        email: person.email,
        joinedAt: clock.now(),
        lang: input.lang,
      });
      return { joined: true as const, alreadyJoined: !joinedNow };
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
