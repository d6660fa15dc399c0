import { HEADER } from '@causeway/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session.ts';
import { createSessionFreeHttpClient } from './session-free-http-client.ts';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A browser that holds a stale individual session and an entity from some earlier visit. */
async function leaveStaleSession() {
  const session = createSessionStore();
  await session.setToken('individual', { token: 'stale-token', validTime: Date.now() - 1000 });
  session.setEntity('PL');
}

describe('createSessionFreeHttpClient', () => {
  it('sends no session token or entity and does not refresh a stale token first', async () => {
    await leaveStaleSession();
    const fetchMock = vi.fn<typeof fetch>(async () => answer(200, { status: 200, code: '000000', msg: '', data: { ok: true } }));
    const client = createSessionFreeHttpClient({ fetch: fetchMock });
    await expect(client.post('/some/ticket-call', { ticket: 't' })).resolves.toEqual({ ok: true });
    client.dispose();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/prod-api/some/ticket-call');
    const headers = init?.headers as Record<string, string>;
    expect(headers).not.toHaveProperty(HEADER.token);
    expect(headers).not.toHaveProperty(HEADER.entity);
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: 't' });
  });

  it('a 401 only rejects: the stored session is left alone', async () => {
    await leaveStaleSession();
    const fetchMock = vi.fn<typeof fetch>(async () => answer(401, { status: 401, code: 'USER0000001', msg: 'Please log in', data: null }));
    const client = createSessionFreeHttpClient({ fetch: fetchMock });
    await expect(client.post('/some/ticket-call', {})).rejects.toMatchObject({ kind: 'business', code: 'USER0000001', httpStatus: 401 });
    client.dispose();
    expect(createSessionStore().getToken('individual')).toMatchObject({ token: 'stale-token' });
  });
});
