import type { LoginMode } from '@causeway/contracts';
import { createStorage } from '@/lib/storage';

/**
 * What the sign-in page keeps for the callback page while the person is at the identity provider: in
 * this tab only (sessionStorage), for as long as the ticket lives. The browser secret never travels in
 * an address: with it the server derives the PKCE verifier, so a callback address (code and state)
 * seen elsewhere cannot be redeemed from another browser (decision 013).
 */
export interface PendingOauthSignIn {
  /** The ticket sent as the state: the callback takes only the answer that brings it back. */
  ticket: string;
  browserSecret: string;
  redirectUri: string;
  /** The sign-in page it started on: the same mode signs in, and its page is the way back. */
  mode: LoginMode;
  /** The provider's name, for the callback page's texts. */
  displayName: string;
  /** The sign-in page's `next` (the buy its Continue chose), kept across the trip. */
  next?: string | undefined;
}

const tabStorage = createStorage({ storage: () => globalThis.sessionStorage });
const KEY = 'causeway.oauth';

export const keepPendingSignIn = (pending: PendingOauthSignIn, ttlMs: number): boolean => tabStorage.setItem(KEY, pending, ttlMs);
export const pendingSignIn = (): PendingOauthSignIn | undefined => tabStorage.getItem<PendingOauthSignIn>(KEY);
/** Once the answer came back: nothing of the sign-in stays in the tab. */
export const forgetPendingSignIn = (): void => tabStorage.removeItem(KEY);

/** 256 random bits, base64url: this sign-in's browser secret. */
export function newBrowserSecret(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The callback page of a language, on this site: the redirect address the provider sends the person back to. */
export const callbackUrlOf = (origin: string, lng: string): string => `${origin}/${lng}/oauth-callback`;
