import { PATHS } from '@causeway/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { routedHttpClient } from '@/test/routed-http-client';
import { fetchLoginStatus, readTargetEntity, rememberTargetEntity } from './target-entity';

beforeEach(() => localStorage.clear());

describe('target entity (spec §7: store data.targetEntityTag, empty clears)', () => {
  it('stores a known entity and clears it on an empty answer', () => {
    rememberTargetEntity('PL');
    expect(readTargetEntity()).toBe('PL');
    rememberTargetEntity(null);
    expect(readTargetEntity()).toBeUndefined();
    rememberTargetEntity('LI');
    rememberTargetEntity('');
    expect(readTargetEntity()).toBeUndefined();
  });

  it('never stores a value that is not an entity', () => {
    rememberTargetEntity('XX');
    expect(readTargetEntity()).toBeUndefined();
  });

  it('check-login-status stores the tag it answers, and clears it when the answer has none', async () => {
    let tag: string | null = 'LI';
    const { client } = routedHttpClient({ [PATHS.checkLoginStatus]: () => ({ isLogin: true, email: 'a@b.c', userType: 'Individual', mode: 'individual', targetEntityTag: tag }) });
    expect((await fetchLoginStatus(client)).email).toBe('a@b.c');
    expect(readTargetEntity()).toBe('LI');
    tag = null;
    await fetchLoginStatus(client);
    expect(readTargetEntity()).toBeUndefined();
  });
});
