import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_INFO_KEY } from './account-info.ts';
import { beginSession } from './begin-session.ts';
import { createSessionStore } from './session.ts';
import { LOGIN_STATUS_KEY } from './target-entity.ts';

describe('beginSession', () => {
  it('keeps the new token and forgets what the previous session cached (signed-out status, account info)', async () => {
    const queries = new QueryClient();
    queries.setQueryData(LOGIN_STATUS_KEY, { email: null, loggedIn: false });
    queries.setQueryData(ACCOUNT_INFO_KEY, { email: 'someone.before@example.test' });
    const session = createSessionStore();
    await beginSession(queries, session, 'individual', { token: 'new-token', validTime: 3600 });
    expect(session.getToken('individual')?.token).toBe('new-token');
    expect(queries.getQueryData(LOGIN_STATUS_KEY)).toBeUndefined();
    expect(queries.getQueryData(ACCOUNT_INFO_KEY)).toBeUndefined();
  });
});
