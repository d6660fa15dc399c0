import { describe, expect, it } from 'vitest';
import type { HelpDeskProvider } from '../../providers/help-desk/index.ts';
import { createHelpService } from './help.service.ts';

/** A desk that counts its calls and answers one section. */
function countingDesk(kind: HelpDeskProvider['kind']) {
  const calls: string[] = [];
  const desk: HelpDeskProvider = {
    kind,
    articlesByLabel: async () => (calls.push('label'), []),
    search: async () => (calls.push('search'), []),
    sections: async () => (calls.push('sections'), [{ id: 1, name: 'Fees', description: '', position: 1 }]),
    sectionArticles: async () => (calls.push('section'), null),
    article: async () => (calls.push('article'), null),
    upload: async () => (calls.push('upload'), { token: 't', fileName: 'a.txt', size: 1, contentType: 'text/plain' }),
    createRequest: async () => (calls.push('request'), { id: 1, status: 'new', subject: 's' }),
  };
  return { desk, calls };
}

const TICKET = {
  op: 'createRequest' as const,
  request: {
    comment: { body: 'x'.repeat(60) },
    requester: { email: 'ada@example.com' },
    custom_fields: [{ id: 'source' as const, value: 'tickets_from_widget' as const }],
  },
};

describe('the help service', () => {
  it("keeps Zendesk's reads a minute (the account's API quota), per locale and query; a search is one entry whatever its case", async () => {
    const { desk, calls } = countingDesk('zendesk');
    const help = createHelpService(desk);
    await help.request({ op: 'sections', locale: 'en-us' });
    await help.request({ op: 'sections', locale: 'en-us' });
    await help.request({ op: 'sections', locale: 'zh-cn' });
    await help.request({ op: 'search', locale: 'en-us', query: 'Card' });
    await help.request({ op: 'search', locale: 'en-us', query: 'card' });
    expect(calls).toEqual(['sections', 'sections', 'search']);
  });

  it('never caches a miss, a ticket or an upload', async () => {
    const { desk, calls } = countingDesk('zendesk');
    const help = createHelpService(desk);
    await expect(help.request({ op: 'article', locale: 'en-us', articleId: 9 })).rejects.toThrow('no article 9');
    await expect(help.request({ op: 'article', locale: 'en-us', articleId: 9 })).rejects.toThrow('no article 9');
    await help.request(TICKET);
    await help.request(TICKET);
    await help.upload({ fileName: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') });
    await help.upload({ fileName: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') });
    expect(calls).toEqual(['article', 'article', 'request', 'request', 'upload', 'upload']);
  });

  it('reads the built-in desk afresh every time (an operator edit shows at once)', async () => {
    const { desk, calls } = countingDesk('builtin');
    const help = createHelpService(desk);
    await help.request({ op: 'sections', locale: 'en-us' });
    await help.request({ op: 'sections', locale: 'en-us' });
    expect(calls).toEqual(['sections', 'sections']);
  });

  it('names the requester by the email before the @ and applies the subject rules, whatever the widget sent', async () => {
    let seen: unknown;
    const { desk } = countingDesk('builtin');
    const help = createHelpService({
      ...desk,
      createRequest: async (request) => ((seen = request), { id: 2, status: 'new', subject: request.subject }),
    });
    const answer = JSON.parse(
      await help.request({
        ...TICKET,
        request: { ...TICKET.request, subject: '   ', requester: { name: 'Mallory', email: 'ada@example.com' } },
      }),
    );
    expect(answer).toEqual({ request: { id: 2, status: 'new', subject: 'Ticket From ada@example.com' } });
    expect(seen).toMatchObject({
      requesterName: 'ada',
      requesterEmail: 'ada@example.com',
      requesterUserId: null,
      source: 'tickets_from_widget',
      uploadTokens: [],
    });
  });

  it("files a signed-in person's ticket under their id and account address, never the body's", async () => {
    let seen: unknown;
    const { desk } = countingDesk('builtin');
    const help = createHelpService({
      ...desk,
      createRequest: async (request) => ((seen = request), { id: 3, status: 'new', subject: request.subject }),
    });
    const answer = JSON.parse(
      await help.request(
        { ...TICKET, request: { ...TICKET.request, subject: '', requester: { email: 'someone.else@example.com' } } },
        { userId: 'usr_grace', email: 'grace@example.com' },
      ),
    );
    expect(answer.request.subject).toBe('Ticket From grace@example.com');
    expect(seen).toMatchObject({ requesterEmail: 'grace@example.com', requesterName: 'grace', requesterUserId: 'usr_grace' });
  });
});
