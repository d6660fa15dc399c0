import { CALL_ROUTES, type Entity, ENTITIES, type LoginStatus } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import type { GetOptions, HttpClient } from './http-client.ts';
import { useHttpClient } from './http-context.tsx';
import { storage } from './storage.ts';

/** Where the entity an account is to move to is kept (docs/rules/calls.md: check-login-status and account-check store it). */
export const TARGET_ENTITY_STORAGE_KEY = 'causeway.targetEntityTag';

/** Stores the answer's targetEntityTag; an empty one clears what was stored (docs/rules/calls.md). */
export function rememberTargetEntity(tag: string | null | undefined): void {
  if (tag && (ENTITIES as readonly string[]).includes(tag)) storage.setItem(TARGET_ENTITY_STORAGE_KEY, tag);
  else storage.removeItem(TARGET_ENTITY_STORAGE_KEY);
}

export const readTargetEntity = (): Entity | undefined => storage.getItem<Entity>(TARGET_ENTITY_STORAGE_KEY);

/** check-login-status, storing its targetEntityTag on the way: every caller keeps the stored value current. */
export async function fetchLoginStatus(client: HttpClient, options: GetOptions = {}): Promise<LoginStatus> {
  const status = await client.call(CALL_ROUTES.checkLoginStatus, undefined, options);
  rememberTargetEntity(status.targetEntityTag);
  return status;
}

/** The query key of check-login-status: invalidate it after a sign-in or a logout. */
export const LOGIN_STATUS_KEY = ['login-status'] as const;
/** How long a check-login-status answer is reused before a component mounting asks again. */
export const LOGIN_STATUS_STALE_MS = 30_000;

/**
 * Who is signed in, shared by every component that asks (one key, one set of options). Silent,
 * so that whether a failure toasts or signs out never depends on which component asked first
 * (the menu in the header must not send a signed-out visitor to a login page). Pages that need
 * the 401 → login reaction get it from their own non-silent calls.
 */
export function useLoginStatus() {
  const client = useHttpClient();
  return useQuery({
    queryKey: LOGIN_STATUS_KEY,
    queryFn: () => fetchLoginStatus(client, { silent: true }),
    staleTime: LOGIN_STATUS_STALE_MS,
  });
}
