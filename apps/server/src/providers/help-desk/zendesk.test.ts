import { describe, expect, it } from 'vitest';
import { HelpDeskInputError, HelpDeskUnavailableError } from './help-desk.ts';
import {
  BASE,
  expectAnonymous,
  expectAuthenticated,
  failureOf,
  fixture,
  type Reply,
  setup,
  SOURCE_FIELD_ID,
  ticket,
} from './zendesk.test-support.ts';

describe('Zendesk help desk: Help Center reads', () => {
  it('lists articles carrying a label, newest first, through List Articles by Locale', async () => {
    const { desk, calls } = setup([{ status: 200, body: fixture('articles-by-label') }]);
    expect(desk.kind).toBe('zendesk');
    const articles = await desk.articlesByLabel('en-us', ['Promotion']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toBe(
      `${BASE}/api/v2/help_center/en-us/articles.json?label_names=Promotion&sort_by=updated_at&sort_order=desc&per_page=30`,
    );
    expectAuthenticated(calls[0]);
    expect(articles).toEqual([
      {
        id: 360026053753,
        title: 'USDC on Base is here',
        bodyHtml: '<p>Card payments now settle in <strong>USDC</strong> on Base within two minutes.</p>',
        updatedAt: new Date('2024-03-04T10:15:00Z'),
        sectionId: 360004785313,
        labels: ['Promotion', 'Suggested'],
        url: 'https://causeway-demo.zendesk.com/hc/en-us/articles/360026053753-USDC-on-Base',
        locale: 'en-us',
      },
      {
        id: 360026053754,
        title: 'Refer a friend',
        bodyHtml: '<p>Refer a friend and both of you pay no network fee on your next order.</p>',
        updatedAt: new Date('2024-01-12T08:00:00Z'),
        sectionId: null,
        labels: ['Promotion'],
        url: 'https://causeway-demo.zendesk.com/hc/en-us/articles/360026053754-Refer-a-friend',
        locale: 'en-us',
      },
    ]);
  });

  it('asks for every label at once (Zendesk matches all of them) and keeps only articles carrying each', async () => {
    const { desk, calls } = setup([{ status: 200, body: fixture('articles-by-label') }]);
    const articles = await desk.articlesByLabel('fr-fr', ['Promotion', 'Suggested', 'Promotion', ' ']);
    expect(calls[0]?.url).toBe(
      `${BASE}/api/v2/help_center/fr/articles.json?label_names=Promotion%2CSuggested&sort_by=updated_at&sort_order=desc&per_page=30`,
    );
    expect(articles.map((article) => article.id)).toEqual([360026053753]);
  });

  it('sends at most the ten labels Zendesk takes and filters the rest itself; no labels means no filter', async () => {
    const many = Array.from({ length: 12 }, (_, index) => `l${index}`);
    const { desk, calls } = setup([
      { status: 200, body: fixture('articles-by-label') },
      { status: 200, body: fixture('articles-by-label') },
    ]);
    expect(await desk.articlesByLabel('en-us', many)).toEqual([]);
    expect(new URL(calls[0]!.url).searchParams.get('label_names')).toBe(many.slice(0, 10).join(','));
    expect(await desk.articlesByLabel('en-us', [])).toHaveLength(2);
    expect(calls[1]?.url).toBe(`${BASE}/api/v2/help_center/en-us/articles.json?sort_by=updated_at&sort_order=desc&per_page=30`);
  });

  it('searches with Search Articles and answers the snippet as plain text', async () => {
    const { desk, calls } = setup([{ status: 200, body: fixture('search-articles') }]);
    const results = await desk.search('fr-fr', '  print orders ');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/help_center/articles/search.json?query=print%20orders&locale=fr&per_page=25`);
    expectAuthenticated(calls[0]);
    expect(results).toEqual([
      {
        id: 35467,
        title: 'Printing orders',
        snippet: '...to print an order, open it and choose Print. The receipt lists the network fee & the rate...',
        sectionId: 36169,
        url: 'https://causeway-demo.zendesk.com/hc/fr/articles/35467-Printing-orders',
        updatedAt: new Date('2024-02-11T15:02:22Z'),
      },
      {
        id: 35468,
        title: 'Receipts',
        snippet: 'Receipts can be printed from the order page',
        sectionId: null,
        url: 'https://causeway-demo.zendesk.com/hc/fr/articles/35468-Receipts',
        updatedAt: new Date('2023-10-11T15:02:22Z'),
      },
    ]);
  });

  it('encodes the query as one parameter, and does not ask Zendesk about an empty one', async () => {
    const { desk, calls } = setup([{ status: 200, body: { results: [], count: 0 } }]);
    expect(await desk.search('en-us', '   ')).toEqual([]);
    expect(calls).toHaveLength(0);
    await desk.search('zh-cn', 'fees&locale=*#x');
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/help_center/articles/search.json?query=fees%26locale%3D*%23x&locale=zh-cn&per_page=25`);
  });

  it('falls back to the start of the body when a hit carries no snippet', async () => {
    const hit = {
      id: 7,
      title: 'Fees',
      body: `<p>${'word '.repeat(80)}</p><script>x()</script>`,
      updated_at: '2024-01-01T00:00:00Z',
      html_url: `${BASE}/hc/en-us/articles/7`,
    };
    const { desk } = setup([{ status: 200, body: { results: [hit] } }]);
    const [result] = await desk.search('en-us', 'word');
    expect(result?.snippet.length).toBeLessThanOrEqual(200);
    expect(result?.snippet.startsWith('word word')).toBe(true);
    expect(result?.snippet).not.toContain('<');
  });

  it('lists sections in position order through List Sections by Locale', async () => {
    const { desk, calls } = setup([{ status: 200, body: fixture('sections') }]);
    const sections = await desk.sections('en-us');
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/help_center/en-us/sections.json?sort_by=position&sort_order=asc&per_page=100`);
    expectAuthenticated(calls[0]);
    expect(sections).toEqual([
      { id: 35467, name: 'Avionics', description: 'This section contains articles on flight instruments', position: 1 },
      { id: 35470, name: 'Payments', description: '', position: 1 },
      { id: 36169, name: 'Weather', description: 'This section contains weather resources for pilots', position: 2 },
    ]);
  });

  it("lists a section's articles in position order, and answers null for a section Zendesk does not know", async () => {
    const { desk, calls } = setup([
      { status: 200, body: fixture('section-articles') },
      { status: 404, body: fixture('error-404-record-not-found') },
    ]);
    const articles = await desk.sectionArticles('zh-cn', 35467);
    expect(calls[0]?.url).toBe(
      `${BASE}/api/v2/help_center/zh-cn/sections/35467/articles.json?sort_by=position&sort_order=asc&per_page=100`,
    );
    expectAuthenticated(calls[0]);
    expect(articles?.map((article) => [article.id, article.title, article.locale, article.sectionId])).toEqual([
      [35467001, '如何付款', 'zh-cn', 35467],
      [35467002, '付款待确认', 'zh-cn', 35467],
    ]);
    expect(await desk.sectionArticles('zh-cn', 999)).toBeNull();
    expect(calls[1]?.url).toBe(`${BASE}/api/v2/help_center/zh-cn/sections/999/articles.json?sort_by=position&sort_order=asc&per_page=100`);
    // An id that cannot be a Zendesk id never reaches a URL.
    expect(await desk.sectionArticles('zh-cn', -1)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('shows an article through Show Article by Locale with its body sanitised', async () => {
    const { desk, calls } = setup([{ status: 200, body: fixture('article-unsafe-body') }]);
    const article = await desk.article('en-us', 37486578);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/help_center/en-us/articles/37486578.json`);
    expectAuthenticated(calls[0]);
    expect(article).toMatchObject({
      id: 37486578,
      title: 'Network fees',
      sectionId: 360004785313,
      labels: ['fees'],
      locale: 'en-us',
      updatedAt: new Date('2024-02-20T16:45:00Z'),
    });
    const html = article!.bodyHtml;
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|evil\.example/i);
    expect(html).toContain('<h2>Network fees</h2>');
    expect(html).toContain('<img src="https://causeway-demo.zendesk.com/hc/article_attachments/1/fees.png" alt="Fees">');
    // The javascript: link loses its href, and with it the new-tab attributes.
    expect(html).toContain('<a>Claim a refund</a>');
    expect(html).toContain(
      '<a href="https://causeway-demo.zendesk.com/hc/en-us/articles/360026053760" target="_blank" rel="noopener noreferrer">the fee table</a>',
    );
  });

  it('answers null for a missing article, asking again in en-us first when another locale has none', async () => {
    const notFound: Reply = { status: 404, body: fixture('error-404-record-not-found') };
    const { desk, calls } = setup([notFound, { status: 200, body: fixture('article-unsafe-body') }, notFound, notFound, notFound]);
    expect((await desk.article('zh-cn', 37486578))?.locale).toBe('en-us');
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/api/v2/help_center/zh-cn/articles/37486578.json`,
      `${BASE}/api/v2/help_center/en-us/articles/37486578.json`,
    ]);
    expect(await desk.article('fr-fr', 5)).toBeNull();
    expect(await desk.article('en-us', 5)).toBeNull();
    expect(calls).toHaveLength(5);
    expect(await desk.article('en-us', 1.5)).toBeNull();
    expect(calls).toHaveLength(5);
  });

  it('never hands on a link that is not http(s): html_url falls back to the help centre address', async () => {
    const raw = fixture('article-unsafe-body') as { article: Record<string, unknown> };
    const { desk } = setup([
      {
        status: 200,
        body: { article: { ...raw.article, html_url: 'javascript:alert(1)', body: null, label_names: undefined, section_id: null } },
      },
    ]);
    expect(await desk.article('en-us', 37486578)).toMatchObject({
      url: `${BASE}/hc/en-us/articles/37486578`,
      bodyHtml: '',
      labels: [],
      sectionId: null,
    });
  });

  it('refuses a locale outside the help centre locales before asking Zendesk', async () => {
    const { desk, calls } = setup([]);
    expect(await failureOf(desk.sections('de-de' as 'en-us'))).toBeInstanceOf(HelpDeskInputError);
    expect(calls).toHaveLength(0);
  });
});

describe('Zendesk help desk: uploads and requests', () => {
  it('uploads the bytes with Upload Files, naming the file in the query and nothing about an author', async () => {
    const { desk, calls } = setup([{ status: 201, body: fixture('upload-created') }]);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const upload = await desk.upload({ fileName: 'crash report (1)#é.png', contentType: 'image/png', bytes });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/uploads.json?filename=crash%20report%20(1)%23%C3%A9.png`);
    expectAnonymous(calls[0]);
    expect(calls[0]?.headers['content-type']).toBe('image/png');
    expect(calls[0]?.bytes?.equals(bytes)).toBe(true);
    // Upload Files documents only filename (and a token to add to an upload): no author anywhere.
    expect([...new URL(calls[0]!.url).searchParams.keys()]).toEqual(['filename']);
    expect(Object.keys(calls[0]!.headers).sort()).toEqual(['accept', 'content-type']);
    expect(upload).toEqual({ token: 'LXJdriewLBP8JrtzzkN7Ne4k6', fileName: 'crash.png', size: 5172, contentType: 'image/png' });
  });

  it('names an unnamed upload "attachment" and sends an unknown type as application/octet-stream', async () => {
    const { desk, calls } = setup([{ status: 201, body: { upload: { token: 'tok123' } } }]);
    const upload = await desk.upload({ fileName: ' ', contentType: '', bytes: Buffer.from('hello') });
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/uploads.json?filename=attachment`);
    expect(calls[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(upload).toEqual({ token: 'tok123', fileName: 'attachment', size: 5, contentType: 'application/octet-stream' });
  });

  it('answers HelpDeskInputError when Zendesk refuses the file (413, 422)', async () => {
    const { desk } = setup([
      { status: 413, text: '' },
      {
        status: 422,
        body: {
          error: 'RecordInvalid',
          description: 'Record validation errors',
          details: { base: [{ description: 'File type is not allowed' }] },
        },
      },
    ]);
    const file = { fileName: 'a.png', contentType: 'image/png', bytes: Buffer.from('x') };
    expect((await failureOf(desk.upload(file))).message).toBe('Zendesk refused the file: HTTP 413');
    const refused = await failureOf(desk.upload(file));
    expect(refused).toBeInstanceOf(HelpDeskInputError);
    expect(refused.message).toBe('Zendesk refused the file: HTTP 422 (RecordInvalid; base: File type is not allowed)');
  });

  it('opens a ticket with Create Request: requester, comment with upload tokens, the source custom field', async () => {
    const { desk, calls } = setup([{ status: 201, body: fixture('request-created') }]);
    const created = await desk.createRequest(ticket);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe(`${BASE}/api/v2/requests.json`);
    // Anonymous: with our token the request would be the agent's own (agents are end users here).
    expectAnonymous(calls[0]);
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.json).toEqual({
      request: {
        subject: 'Payment stuck on pending',
        comment: { body: ticket.message, uploads: ['LXJdriewLBP8JrtzzkN7Ne4k6', 'tyBq1ms40dFaHefSIigxZpwGg'] },
        requester: { name: 'ada', email: 'ada@example.com' },
        custom_fields: [{ id: SOURCE_FIELD_ID, value: 'tickets_from_widget' }],
      },
    });
    expect(created).toEqual({ id: 33, status: 'new', subject: 'Help!' });
  });

  it('says which Zendesk settings to change when an anonymous request or upload is refused (401/403)', async () => {
    const { desk } = setup([
      { status: 403, body: { error: 'Forbidden' } },
      { status: 401, text: '' },
    ]);
    const refused = await failureOf(desk.createRequest(ticket));
    expect(refused).toBeInstanceOf(HelpDeskUnavailableError);
    expect(refused.message).toMatch(/Anybody can submit tickets/);
    expect((await failureOf(desk.upload({ fileName: 'a.png', contentType: 'image/png', bytes: Buffer.from('x') }))).message).toMatch(
      /Require authentication for request and uploads APIs/,
    );
  });

  it('leaves uploads out of a comment without files', async () => {
    const { desk, calls } = setup([{ status: 201, body: { request: { id: 34, status: 'new' } } }]);
    const created = await desk.createRequest({
      ...ticket,
      uploadTokens: [],
      source: 'feedbacks_from_widget',
      subject: 'Feedback/Suggest From ada@example.com',
    });
    expect(calls[0]?.json).toEqual({
      request: {
        subject: 'Feedback/Suggest From ada@example.com',
        comment: { body: ticket.message },
        requester: { name: 'ada', email: 'ada@example.com' },
        custom_fields: [{ id: SOURCE_FIELD_ID, value: 'feedbacks_from_widget' }],
      },
    });
    expect(created).toEqual({ id: 34, status: 'new', subject: 'Feedback/Suggest From ada@example.com' });
  });

  it("answers HelpDeskInputError for a 422 (an unknown upload token), with Zendesk's reasons", async () => {
    const { desk } = setup([{ status: 422, body: fixture('error-422-record-invalid') }]);
    const error = await failureOf(desk.createRequest(ticket));
    expect(error).toBeInstanceOf(HelpDeskInputError);
    expect(error.message).toBe(
      'Zendesk refused the request: HTTP 422 (RecordInvalid; base: Attachments are invalid: upload token LXJdriewLBP8JrtzzkN7Ne4k6 not found)',
    );
  });
});
