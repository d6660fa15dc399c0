import { describe, expect, it } from 'vitest';
import { HelpDeskUnavailableError } from './help-desk.ts';
import { createZendeskHelpDesk, type ZendeskHelpDeskOptions } from './zendesk.ts';
import {
  API_TOKEN,
  BASE,
  CREDENTIALS,
  EMAIL,
  failureOf,
  fixture,
  type Reply,
  setup,
  SOURCE_FIELD_ID,
  stubFetch,
  ticket,
} from './zendesk.test-support.ts';

// How the Zendesk adapter reports what goes wrong, and which settings it refuses.

describe('Zendesk help desk: failures', () => {
  it.each([
    [
      'a refused token (401)',
      { status: 401, body: fixture('error-401') },
      'Zendesk list articles: HTTP 401, Zendesk refused the credentials (check ZENDESK_EMAIL / ZENDESK_API_TOKEN)',
    ],
    [
      'a forbidden user (403)',
      { status: 403, body: { error: 'Forbidden', description: 'You do not have access to this page.' } },
      'HTTP 403, Zendesk refused the credentials (check ZENDESK_EMAIL / ZENDESK_API_TOKEN)',
    ],
    [
      'a rate limit (429)',
      { status: 429, text: 'Too Many Requests', headers: { 'retry-after': '93' } },
      'Zendesk list articles: HTTP 429, rate limited (retry after 93 s)',
    ],
    ['an outage (500)', { status: 500, body: { error: 'InternalServerError' } }, 'Zendesk list articles: HTTP 500 (InternalServerError)'],
    ['a gateway page (502)', { status: 502, text: '<html><body>Bad Gateway</body></html>' }, 'Zendesk list articles: HTTP 502'],
    ['a redirect (301)', { status: 301, text: '', headers: { location: 'https://elsewhere.example/' } }, 'HTTP 301, a redirect'],
    ['a 404 on a list (no Help Center)', { status: 404, body: fixture('error-404-record-not-found') }, 'HTTP 404 (is ZENDESK_URL right'],
    [
      'an answer that is not JSON',
      { status: 200, text: '<html>maintenance</html>' },
      'Zendesk list articles: HTTP 200 with a body that is not a JSON object',
    ],
    [
      'JSON of another shape',
      { status: 200, body: { articles: 'none' } },
      'Zendesk list articles answered out of shape: no "articles" array',
    ],
    [
      'an article without an id',
      { status: 200, body: { articles: [{ title: 'x', updated_at: '2024-01-01T00:00:00Z' }] } },
      'out of shape: an article without a numeric id',
    ],
    [
      'an article with a broken date',
      { status: 200, body: { articles: [{ id: 1, title: 'x', updated_at: 'yesterday' }] } },
      'out of shape: article 1 has no updated_at time',
    ],
    ['a network failure', { networkError: 'ECONNREFUSED' }, 'Zendesk list articles could not be reached (ECONNREFUSED)'],
  ] as Array<[string, Reply, string]>)('answers HelpDeskUnavailableError on %s', async (_name, reply, message) => {
    const { desk } = setup([reply]);
    const error = await failureOf(desk.articlesByLabel('en-us', ['Promotion']));
    expect(error).toBeInstanceOf(HelpDeskUnavailableError);
    expect(error.message).toContain(message);
  });

  it('gives up after its timeout', async () => {
    const { desk } = setup([{ hang: true }, { hang: true }], { timeoutMs: 20, uploadTimeoutMs: 30 });
    const error = await failureOf(desk.article('en-us', 1));
    expect(error).toBeInstanceOf(HelpDeskUnavailableError);
    expect(error.message).toBe('Zendesk show article did not answer within 20 ms');
    expect((await failureOf(desk.upload({ fileName: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') }))).message).toBe(
      'Zendesk upload did not answer within 30 ms',
    );
  });

  it("maps failures of ticket creation and uploads the same way (only a 422 is the caller's input)", async () => {
    const { desk } = setup([
      { status: 500, text: 'oops' },
      { status: 401, body: fixture('error-401') },
      { status: 400, body: { error: 'InvalidJSON' } },
      { status: 201, body: { request: { status: 'new' } } },
      { status: 201, body: { upload: {} } },
    ]);
    for (const expected of ['HTTP 500', 'HTTP 401', 'HTTP 400 (InvalidJSON)', 'out of shape: no request.id']) {
      const error = await failureOf(desk.createRequest(ticket));
      expect(error).toBeInstanceOf(HelpDeskUnavailableError);
      expect(error.message).toContain(expected);
    }
    const error = await failureOf(desk.upload({ fileName: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a') }));
    expect(error).toBeInstanceOf(HelpDeskUnavailableError);
    expect(error.message).toContain('out of shape: no upload.token');
  });

  it('never puts the API token (or the basic auth value) in an error, even when Zendesk echoes it', async () => {
    const echo = {
      error: 'InvalidToken',
      description: `token ${API_TOKEN} rejected`,
      details: { base: [{ description: `Basic ${CREDENTIALS}` }] },
    };
    const replies: Reply[] = [
      { status: 401, body: fixture('error-401') },
      { status: 500, body: echo },
      { status: 422, body: echo },
      { status: 422, body: echo },
      { status: 429, text: API_TOKEN },
      { status: 200, text: API_TOKEN },
      { networkError: API_TOKEN },
      { hang: true },
    ];
    const { desk } = setup(replies, { timeoutMs: 20 });
    const messages = [
      (await failureOf(desk.sections('en-us'))).message,
      (await failureOf(desk.sections('en-us'))).message,
      (await failureOf(desk.createRequest(ticket))).message,
      (await failureOf(desk.upload({ fileName: 'a.png', contentType: 'image/png', bytes: Buffer.from('x') }))).message,
      (await failureOf(desk.search('en-us', 'fees'))).message,
      (await failureOf(desk.search('en-us', 'fees'))).message,
      (await failureOf(desk.article('en-us', 1))).message,
      (await failureOf(desk.article('en-us', 1))).message,
    ];
    expect(messages[1]).toContain('[redacted]');
    for (const message of messages) {
      expect(message).not.toContain(API_TOKEN);
      expect(message).not.toContain(CREDENTIALS);
    }
  });
});

describe('Zendesk help desk: options', () => {
  const valid = { email: EMAIL, apiToken: API_TOKEN, sourceFieldId: SOURCE_FIELD_ID };

  it('builds the API host from a subdomain or checks ZENDESK_URL', async () => {
    const { fetchImpl, calls } = stubFetch([
      { status: 200, body: { sections: [] } },
      { status: 200, body: { sections: [] } },
      { status: 200, body: { sections: [] } },
    ]);
    await createZendeskHelpDesk({ ...valid, subdomain: 'Causeway-Demo', fetchImpl }).sections('en-us');
    await createZendeskHelpDesk({ ...valid, baseUrl: 'https://causeway-demo.zendesk.com/', fetchImpl }).sections('en-us');
    await createZendeskHelpDesk({ ...valid, baseUrl: 'http://127.0.0.1:4010', fetchImpl }).sections('en-us');
    expect(calls.map((call) => new URL(call.url).origin)).toEqual([BASE, BASE, 'http://127.0.0.1:4010']);
  });

  it.each([
    [{ baseUrl: 'causeway-demo.zendesk.com' }, 'ZENDESK_URL'],
    [{ baseUrl: 'http://causeway-demo.zendesk.com' }, 'ZENDESK_URL'],
    [{ baseUrl: 'https://causeway-demo.zendesk.com/hc/en-us' }, 'ZENDESK_URL'],
    [{ baseUrl: 'https://user:pw@causeway-demo.zendesk.com' }, 'ZENDESK_URL'],
    [{}, 'ZENDESK_URL'],
    [{ subdomain: 'acme.zendesk.com' }, 'subdomain'],
    [{ subdomain: 'acme', baseUrl: BASE }, 'not both'],
    [{ baseUrl: BASE, email: 'not-an-email' }, 'ZENDESK_EMAIL'],
    [{ baseUrl: BASE, apiToken: '' }, 'ZENDESK_API_TOKEN'],
    [{ baseUrl: BASE, sourceFieldId: 0 }, 'ZENDESK_SOURCE_FIELD_ID'],
    [{ baseUrl: BASE, sourceFieldId: Number.NaN }, 'ZENDESK_SOURCE_FIELD_ID'],
  ] as Array<[Partial<ZendeskHelpDeskOptions>, string]>)('refuses %o naming %s', (overrides, name) => {
    let message = '';
    try {
      createZendeskHelpDesk({ ...valid, ...overrides });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).not.toContain(API_TOKEN);
  });
});
