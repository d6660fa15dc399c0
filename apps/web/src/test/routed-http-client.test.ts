import { PATHS } from '@causeway/contracts';
import { describe, expect, it } from 'vitest';
import { routedHttpClient, takeSchemaMismatches } from './routed-http-client';

describe('routedHttpClient', () => {
  it("records a mocked answer the server would never send, even when the code under test swallows the error (the suite's afterEach then fails the test)", async () => {
    const { client } = routedHttpClient({ [PATHS.addWallet]: () => ({}) });
    // The code under test may catch it, as a best-effort call does.
    await client.post(PATHS.addWallet, {}).catch(() => undefined);
    const mismatches = takeSchemaMismatches();
    expect(mismatches).toEqual([expect.stringContaining(PATHS.addWallet)]);
    expect(takeSchemaMismatches()).toEqual([]);
  });

  it('lets an answer of the right shape through', async () => {
    const { client } = routedHttpClient({ [PATHS.deleteCard]: () => null });
    await expect(client.post(PATHS.deleteCard, { cardId: 'crd_1' })).resolves.toBeNull();
    expect(takeSchemaMismatches()).toEqual([]);
  });
});
