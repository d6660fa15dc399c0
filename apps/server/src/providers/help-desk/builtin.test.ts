import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createBuiltinDeskRepository } from './builtin-desk.repository.ts';
import { createBuiltinHelpDesk, UPLOAD_TOKEN_TTL_MS } from './builtin.ts';
import { HelpDeskInputError } from './help-desk.ts';

let handle: DatabaseHandle;
const clock = createManualClock();
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const desk = () =>
  createBuiltinHelpDesk({ repository: createBuiltinDeskRepository(handle.db), clock, publicUrl: 'https://pay.example.com' });
const request = (uploadTokens: string[]) => ({
  subject: 'Ticket From ada@example.com',
  message: 'x'.repeat(60),
  requesterEmail: 'ada@example.com',
  requesterName: 'ada',
  requesterUserId: null,
  uploadTokens,
  source: 'tickets_from_widget' as const,
});

describe('the built-in help desk', () => {
  it('links articles to the help site under PUBLIC_URL', async () => {
    const [first] = await desk().articlesByLabel('en-us', ['Suggested']);
    expect(first?.url).toBe(`https://pay.example.com/help-centre/en-us/articles/${first?.id}`);
  });

  it('keeps an unclaimed upload 60 minutes, like Zendesk: after that a request naming it is refused and writes nothing', async () => {
    const upload = await desk().upload({ fileName: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('hello') });
    expect(upload).toMatchObject({ fileName: 'a.txt', size: 5, contentType: 'text/plain' });
    clock.advance(UPLOAD_TOKEN_TTL_MS + 1);
    await expect(desk().createRequest(request([upload.token]))).rejects.toBeInstanceOf(HelpDeskInputError);
    expect(await createBuiltinDeskRepository(handle.db).latestRequests(10)).toEqual([]);
    // The next upload prunes it.
    await desk().upload({ fileName: 'b.txt', contentType: 'text/plain', bytes: Buffer.from('again') });
    const fresh = await desk().upload({ fileName: 'c.txt', contentType: 'text/plain', bytes: Buffer.from('third') });
    const created = await desk().createRequest(request([fresh.token]));
    expect(created).toMatchObject({ status: 'new' });
    const [stored] = await createBuiltinDeskRepository(handle.db).latestRequests(10);
    expect(stored?.attachments.map((a) => a.fileName)).toEqual(['c.txt']);
    expect(await createBuiltinDeskRepository(handle.db).attachment(created.id, upload.token)).toBeUndefined();
  });

  it('lets one of two requests sent at once take an upload: the other is refused and writes nothing', async () => {
    const shared = await desk().upload({ fileName: 'race.txt', contentType: 'text/plain', bytes: Buffer.from('race') });
    const before = (await createBuiltinDeskRepository(handle.db).latestRequests(100)).length;
    const outcomes = await Promise.allSettled([
      desk().createRequest(request([shared.token])),
      desk().createRequest(request([shared.token])),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(HelpDeskInputError);
    expect((await createBuiltinDeskRepository(handle.db).latestRequests(100)).length).toBe(before + 1);
  });

  it('records the author the widget gives, Anonymous From Widget by default', async () => {
    const named = await desk().upload({ fileName: 'n.txt', contentType: 'text/plain', bytes: Buffer.from('n'), author: 'Ada' });
    const anonymous = await desk().upload({ fileName: 'm.txt', contentType: 'text/plain', bytes: Buffer.from('m') });
    const created = await desk().createRequest(request([named.token, anonymous.token]));
    const repository = createBuiltinDeskRepository(handle.db);
    expect((await repository.attachment(created.id, named.token))?.author).toBe('Ada');
    expect((await repository.attachment(created.id, anonymous.token))?.author).toBe('Anonymous From Widget');
  });
});
