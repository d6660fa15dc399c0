import { createHash, createHmac } from 'node:crypto';
import {
  emailSchema,
  ErrorCode,
  type ErrorName,
  isOauthCallbackPath,
  type LoginResult,
  OAUTH_CALLBACK_PAGE,
  type OauthConfig,
  type OauthLoginBody,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimiter } from '../../platform/rate-limit.repository.ts';
import {
  OauthOffError,
  type OauthProvider,
  OauthProviderError,
  OauthRefusedError,
  type VerifiedIdentity,
} from '../../providers/oauth/index.ts';
import type { IdentityRepository, UserRow } from './identity.repository.ts';
import type { SignInLock } from './sign-in-lock.ts';
import type { LoginService } from './login.service.ts';
import type { OauthIdentitiesRepository } from './oauth-identities.repository.ts';
import type { createOauthTickets } from './process-token.ts';
import type { Requester } from './requester.ts';

/** docs/rules/limits.md: refused tickets, codes and ID tokens per address and hour before the address waits. */
export const OAUTH_REFUSALS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;
/** Namespaces a ticket's nonce among the spent one-time tokens (the process tokens' table). */
const SPENT_TICKET_PREFIX = 'oauth:';
/** The refusals that are guesses: counted per address. A provider that cannot be reached is nobody's guess. */
const COUNTED: ReadonlySet<ErrorName> = new Set([ErrorCode.OauthTicketInvalid, ErrorCode.OauthSignInRefused]);

export interface OauthStart {
  ticket: string;
  browserSecret: string;
  redirectUri: string;
}

/**
 * Sign-in with the identity provider (docs/rules/calls.md "OAuth sign-in", decision 013). Stateless
 * until the code comes back: the ticket (get-timeout-ticket) is the state, and the PKCE verifier and
 * the OpenID nonce are derived from its nonce and the browser's secret with keys only this server
 * holds. The ticket is spent at its one sign-in (the process tokens' table). The account: the one
 * linked to the provider's (issuer, subject), else the one of its verified email (then linked), else a
 * new one as the email sign-up makes it (terms accepted). The answer is every sign-in's LoginResult.
 */
export function createOauthSignIn(deps: {
  provider: OauthProvider;
  tickets: ReturnType<typeof createOauthTickets>;
  /** Derive the PKCE verifier and the nonce: deriveKey(serverSecret, 'oauth-pkce'), ('oauth-nonce'). */
  pkceKey: Buffer;
  nonceKey: Buffer;
  repository: IdentityRepository;
  identities: OauthIdentitiesRepository;
  login: Pick<LoginService, 'createAccount' | 'completeSignIn'>;
  /** An account locked after wrong codes or passwords stays locked through the provider too. */
  lock: Pick<SignInLock, 'assertFirstFactorsOpen'>;
  rateLimiter: RateLimiter;
  clock: Clock;
  /** PUBLIC_URL without its trailing slash, or '': the callback page must be on it when set. */
  publicUrl: string;
  /** Where a provider that cannot be reached is told (the operator's log); never the person's data. */
  warn: (message: string) => void;
}) {
  const { provider, clock } = deps;

  const derived = (key: Buffer, ticketNonce: string, browserSecret: string) =>
    createHmac('sha256', key).update(`${ticketNonce}.${browserSecret}`).digest('base64url');
  /** RFC 7636 §4.1: 43 characters of base64url (32 bytes), within the verifier's alphabet. */
  const codeVerifierOf = (ticketNonce: string, browserSecret: string) => derived(deps.pkceKey, ticketNonce, browserSecret);
  /** RFC 7636 §4.2, S256. */
  const challengeOf = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');
  const nonceOf = (ticketNonce: string, browserSecret: string) => derived(deps.nonceKey, ticketNonce, browserSecret);

  function assertOffered() {
    if (provider.kind === 'none') throw new AppError(ErrorCode.OauthUnavailable);
  }

  /** Our own oauth-callback page, on PUBLIC_URL when it is set; absent, PUBLIC_URL's English one. */
  function checkedRedirectUri(value: string | undefined): string {
    const uri = value ?? (deps.publicUrl ? `${deps.publicUrl}/en/${OAUTH_CALLBACK_PAGE}` : undefined);
    if (!uri || !URL.canParse(uri)) throw new AppError(ErrorCode.OauthRedirectUriInvalid);
    const url = new URL(uri);
    const onOurSite = !deps.publicUrl || url.origin === new URL(deps.publicUrl).origin;
    if (!onOurSite || !isOauthCallbackPath(url.pathname) || url.search || url.hash) throw new AppError(ErrorCode.OauthRedirectUriInvalid);
    return uri;
  }

  /** The provider's failures, as the person sees them: refused (counted), or the provider away (told to the operator). */
  function asAppError(error: unknown): unknown {
    if (error instanceof OauthRefusedError) return new AppError(ErrorCode.OauthSignInRefused);
    if (error instanceof OauthOffError) return new AppError(ErrorCode.OauthUnavailable);
    if (error instanceof OauthProviderError) {
      deps.warn(`sign-in with the identity provider failed: ${error.message}`);
      return new AppError(ErrorCode.OauthProviderUnreachable);
    }
    return error;
  }

  /** A check of a secret (the ticket, the code), counted per address: only refusals add up. */
  const counted = <T>(requester: Requester, check: () => Promise<T>) =>
    deps.rateLimiter.countRefusals(
      `oauth:ip:${requester.ipKey}`,
      OAUTH_REFUSALS_PER_ADDRESS_PER_HOUR,
      HOUR_MS,
      clock.now(),
      'Too many refused sign-ins with the identity provider from this address: try again later.',
      check,
      { countsAsRefusal: (error) => error instanceof AppError && COUNTED.has(error.errorName) },
    );

  function verifiedTicket(ticket: string) {
    const claims = deps.tickets.verify(ticket, clock.now());
    if (!claims || typeof claims.nonce !== 'string') throw new AppError(ErrorCode.OauthTicketInvalid);
    return claims;
  }

  /** The account the identity signs in: linked, else by verified email (then linked), else new. */
  async function accountFor(identity: VerifiedIdentity, body: OauthLoginBody): Promise<{ user: UserRow; created: boolean }> {
    const link = await deps.identities.find(identity.issuer, identity.subject);
    const linked = link ? await deps.repository.findUserById(link.userId) : undefined;
    if (linked) {
      await deps.lock.assertFirstFactorsOpen(linked);
      return { user: linked, created: false };
    }
    // Without a verified email nobody may be told apart from whoever typed that address at the provider.
    if (!identity.email || !identity.emailVerified) throw new AppError(ErrorCode.OauthEmailNotVerified);
    // The provider's word is an address only if it is one by our own rule (it becomes an account's email).
    if (!emailSchema.safeParse(identity.email).success) throw new AppError(ErrorCode.OauthEmailNotVerified);
    const linkTo = async (user: UserRow) => {
      const userId = await deps.identities.link({
        issuer: identity.issuer,
        subject: identity.subject,
        userId: user.id,
        email: identity.email,
        createdAt: clock.now(),
      });
      // Two first sign-ins at once: the link made first stands, and is the account signed in.
      return userId === user.id ? user : ((await deps.repository.findUserById(userId)) ?? user);
    };
    const existing = await deps.repository.findUserByEmail(identity.email);
    if (existing) {
      await deps.lock.assertFirstFactorsOpen(existing);
      return { user: await linkTo(existing), created: false };
    }
    if (!body.termsAccepted) throw new AppError(ErrorCode.TermsNotAccepted);
    const { user, created } = await deps.login.createAccount({ email: identity.email, loginMode: body.loginMode, isRoma: body.isRoma });
    return { user: await linkTo(user), created };
  }

  return {
    config(): OauthConfig {
      const enabled = provider.kind !== 'none';
      return { enabled, displayName: enabled ? provider.displayName : null };
    },

    /** The provider's sign-in address for a ticket: the ticket as the state, the derived challenge and nonce. */
    async authorizationUrl(start: OauthStart, requester: Requester): Promise<string> {
      assertOffered();
      const redirectUri = checkedRedirectUri(start.redirectUri);
      const claims = await counted(requester, async () => verifiedTicket(start.ticket));
      try {
        return await provider.authorizationUrl({
          state: start.ticket,
          nonce: nonceOf(claims.nonce, start.browserSecret),
          codeChallenge: challengeOf(codeVerifierOf(claims.nonce, start.browserSecret)),
          redirectUri,
        });
      } catch (error) {
        throw asAppError(error);
      }
    },

    /** oauth/login-with-binance: the code for a verified identity, then the account's sign-in. */
    async signIn(body: OauthLoginBody, requester: Requester): Promise<LoginResult> {
      assertOffered();
      const redirectUri = checkedRedirectUri(body.redirectUri);
      const identity = await counted(requester, async () => {
        const claims = verifiedTicket(body.state);
        // One ticket, one sign-in: spent before the code is tried, so two tries at once cannot both pass.
        const fresh = await deps.repository.spendProcessToken(
          `${SPENT_TICKET_PREFIX}${claims.nonce}`,
          new Date(claims.expiresAt),
          clock.now(),
        );
        if (!fresh) throw new AppError(ErrorCode.OauthTicketInvalid);
        try {
          return await provider.exchangeCode({
            code: body.code,
            codeVerifier: codeVerifierOf(claims.nonce, body.browserSecret),
            redirectUri,
            nonce: nonceOf(claims.nonce, body.browserSecret),
          });
        } catch (error) {
          throw asAppError(error);
        }
      });
      const { user, created } = await accountFor(identity, body);
      return deps.login.completeSignIn(user, body.loginMode, body.stayLoggedIn, { isNewUser: created, ip: requester.ip });
    },
  };
}

export type OauthSignIn = ReturnType<typeof createOauthSignIn>;
