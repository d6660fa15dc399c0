import { type Entity, ENTITIES, type LoginStatus, PATHS } from '@causeway/contracts';
import type { GetOptions, HttpClient } from './http-client.ts';
import { storage } from './storage.ts';

/** Where the entity an account is to move to is kept (spec §7: check-login-status and account-check store it). */
export const TARGET_ENTITY_STORAGE_KEY = 'causeway.targetEntityTag';

/** Stores the answer's targetEntityTag; an empty one clears what was stored (spec §7). */
export function rememberTargetEntity(tag: string | null | undefined): void {
  if (tag && (ENTITIES as readonly string[]).includes(tag)) storage.setItem(TARGET_ENTITY_STORAGE_KEY, tag);
  else storage.removeItem(TARGET_ENTITY_STORAGE_KEY);
}

export const readTargetEntity = (): Entity | undefined => storage.getItem<Entity>(TARGET_ENTITY_STORAGE_KEY);

/** check-login-status, storing its targetEntityTag on the way: every caller keeps the stored value current. */
export async function fetchLoginStatus(client: HttpClient, options: GetOptions = {}): Promise<LoginStatus> {
  const status = await client.get<LoginStatus>(PATHS.checkLoginStatus, options);
  rememberTargetEntity(status.targetEntityTag);
  return status;
}
