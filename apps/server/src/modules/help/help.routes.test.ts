import { HELP_ATTACHMENT_MAX_BYTES, HELP_DESK_URLS, PATHS } from '@causeway/contracts';
import { API_BASE } from '@causeway/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpArticleTexts, helpRequests, users } from '../../db/schema/index.ts';
import { call, signUp } from '../../../test/identity-helpers.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
const MESSAGE = 'I bought BTC an hour ago and it has not arrived in my wallet yet. Can you check?';

beforeAll(async () => {
  t = await createTestApp();
  // The person the tickets below are filed as: their account's address is the requester's.
  headers = { token: await signUp(t.app, 'ada.lovelace@example.com') };
});
afterAll(() => t.app.close());

/** zendesk/request as the widget calls it; answers the status, the envelope, and data.data parsed. */
async function desk(url: string, requestType: 'get' | 'post', params?: object, as = headers) {
  const { statusCode, body } = await call(t.app, 'POST', PATHS.helpDeskRequest, {
    headers: as,
    body: { url, requestType, ...(params ? { params } : {}) },
  });
  return { statusCode, body, json: statusCode === 200 ? JSON.parse(body.data.data as string) : undefined };
}

async function upload(
  name: string,
  bytes: Buffer,
  fields: Record<string, string> = { url: HELP_DESK_URLS.upload, requestType: 'post' },
  as = headers,
) {
  const { payload, headers: multipartHeaders } = multipartBody(fields, [{ field: 'file', name, type: 'application/octet-stream', bytes }]);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${PATHS.helpDeskForwardFile}`,
    payload,
    headers: { ...as, ...multipartHeaders },
  });
  const body = response.json();
  return { statusCode: response.statusCode, body, json: response.statusCode === 200 ? JSON.parse(body.data.data) : undefined };
}

const ticket = (overrides: Record<string, unknown> = {}, uploads: string[] = []) => ({
  request: {
    subject: '',
    comment: { body: MESSAGE, uploads },
    requester: { name: 'ignored', email: 'ada.lovelace@example.com' },
    custom_fields: [{ id: 'source', value: 'tickets_from_widget' }],
    ...overrides,
  },
});

describe('zendesk/request: reading the built-in help centre', () => {
  it('lists the seeded sections in order, in English and in Chinese', async () => {
    const en = await desk(HELP_DESK_URLS.sections('en-us'), 'get');
    const zh = await desk(HELP_DESK_URLS.sections('zh-cn'), 'get');
    expect(en.statusCode).toBe(200);
    expect(en.json.sections.length).toBeGreaterThanOrEqual(8);
    expect(en.json.sections.map((s: { position: number }) => s.position)).toEqual(
      [...en.json.sections.map((s: { position: number }) => s.position)].sort((a, b) => a - b),
    );
    expect(zh.json.sections.map((s: { id: number }) => s.id)).toEqual(en.json.sections.map((s: { id: number }) => s.id));
    expect(zh.json.sections[0].name).not.toBe(en.json.sections[0].name);
    expect(zh.json.sections[0].name).toMatch(/\p{Script=Han}/u);
  });

  it("answers a section's articles and one article, Zendesk-shaped, with sanitised bodies and safe links", async () => {
    const [section] = (await desk(HELP_DESK_URLS.sections('en-us'), 'get')).json.sections;
    const { json } = await desk(HELP_DESK_URLS.sectionArticles('en-us', section.id), 'get');
    expect(json.articles.length).toBeGreaterThanOrEqual(2);
    const first = json.articles[0];
    expect(first).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      body: expect.any(String),
      section_id: section.id,
      locale: 'en-us',
    });
    expect(new Date(first.updated_at).toString()).not.toBe('Invalid Date');
    expect(first.html_url).toBe(`/help-centre/en-us/articles/${first.id}`);
    const one = await desk(HELP_DESK_URLS.article('en-us', first.id), 'get');
    expect(one.json.article).toEqual(first);
    for (const article of json.articles as Array<{ body: string }>) {
      expect(article.body).not.toMatch(/<script|onerror|javascript:/i);
      for (const link of article.body.match(/<a [^>]*>/g) ?? []) expect(link).toContain('rel="noopener noreferrer"');
    }
  });

  it('answers the Promotion cards and the suggested articles by label', async () => {
    const promotions = await desk(HELP_DESK_URLS.articlesByLabel('en-us'), 'get', { label_names: 'Promotion' });
    expect(promotions.json.articles.length).toBeGreaterThanOrEqual(2);
    expect(promotions.json.articles.every((a: { label_names: string[] }) => a.label_names.includes('Promotion'))).toBe(true);
    const suggested = await desk(HELP_DESK_URLS.articlesByLabel('zh-cn'), 'get', { label_names: 'Suggested' });
    expect(suggested.json.articles.length).toBeGreaterThanOrEqual(3);
    expect(suggested.json.articles.every((a: { locale: string }) => a.locale === 'zh-cn')).toBe(true);
  });

  it('falls back to en-us per article for fr-fr, which has no texts of its own', async () => {
    const { json } = await desk(HELP_DESK_URLS.sections('fr-fr'), 'get');
    const en = await desk(HELP_DESK_URLS.sections('en-us'), 'get');
    expect(json.sections).toEqual(en.json.sections);
  });

  it('searches titles and text, case-insensitively, every word required, with a plain-text snippet', async () => {
    const { json } = await desk(HELP_DESK_URLS.search, 'get', { query: '  CARD  ', locale: 'en-us' });
    expect(json.count).toBeGreaterThan(0);
    expect(json.results.length).toBe(json.count);
    expect(json.results[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String), snippet: expect.any(String) });
    expect(json.results.every((r: { snippet: string }) => !/[<>]/.test(r.snippet))).toBe(true);
    const none = await desk(HELP_DESK_URLS.search, 'get', { query: 'card zzqxnotaword', locale: 'en-us' });
    expect(none.json).toEqual({ results: [], count: 0 });
    // LIKE's wildcards are characters like any other: "c_rd" would match "card" as a pattern.
    expect((await desk(HELP_DESK_URLS.search, 'get', { query: 'c_rd', locale: 'en-us' })).json.count).toBe(0);
    expect((await desk(HELP_DESK_URLS.search, 'get', { query: 'c%d', locale: 'en-us' })).json.count).toBe(0);
  });

  it('finds Chinese articles by Chinese words', async () => {
    const { json } = await desk(HELP_DESK_URLS.search, 'get', { query: '银行卡', locale: 'zh-cn' });
    expect(json.count).toBeGreaterThan(0);
    expect(json.results[0].title).toMatch(/\p{Script=Han}/u);
  });

  it('answers HLP0000004 for an article or section that does not exist', async () => {
    expect((await desk(HELP_DESK_URLS.article('en-us', 999999), 'get')).body.code).toBe('HLP0000004');
    const missing = await desk(HELP_DESK_URLS.sectionArticles('en-us', 999999), 'get');
    expect([missing.statusCode, missing.body.code]).toEqual([404, 'HLP0000004']);
  });

  it('needs a session', async () => {
    const { statusCode, body } = await desk(HELP_DESK_URLS.sections('en-us'), 'get', undefined, {});
    expect([statusCode, body.code]).toEqual([401, 'USER0000001']);
  });
});

describe('zendesk/request: the allow-list', () => {
  const refused: Array<[string, string, 'get' | 'post', object | undefined]> = [
    ['another Zendesk API', '/api/v2/users.json', 'get', undefined],
    ['tickets of others', '/api/v2/requests.json', 'get', undefined],
    ['a full URL to elsewhere', 'https://evil.example.com/api/v2/help_center/en-us/sections.json', 'get', undefined],
    ['a query string in the url', '/api/v2/help_center/en-us/sections.json?per_page=100', 'get', undefined],
    ['path traversal', '/api/v2/help_center/en-us/../../users.json', 'get', undefined],
    ['an unknown locale', '/api/v2/help_center/de-de/sections.json', 'get', undefined],
    ['a non-numeric id', '/api/v2/help_center/en-us/articles/abc.json', 'get', undefined],
    ['the wrong method', '/api/v2/help_center/en-us/sections.json', 'post', undefined],
    ['unknown params', '/api/v2/help_center/en-us/sections.json', 'get', { per_page: '100' }],
    ['articles without a label', '/api/v2/help_center/en-us/articles.json', 'get', undefined],
    ['a blank search', '/api/v2/help_center/articles/search.json', 'get', { query: '   ', locale: 'en-us' }],
    ['uploads through request', '/api/v2/uploads.json', 'post', undefined],
  ];
  it.each(refused)('refuses %s with HLP0000001', async (_name, url, requestType, params) => {
    const { statusCode, body } = await desk(url, requestType, params);
    expect([statusCode, body.code]).toEqual([400, 'HLP0000001']);
  });
});

describe('support and feedback requests', () => {
  it('opens a ticket with the docs/rules/entities.md fields and the subject rules of docs/rules/validation.md', async () => {
    const { statusCode, json } = await desk(HELP_DESK_URLS.createRequest, 'post', ticket());
    expect(statusCode).toBe(200);
    expect(json.request).toEqual({ id: expect.any(Number), status: 'new', subject: 'Ticket From ada.lovelace@example.com' });
    const topic = await desk(HELP_DESK_URLS.createRequest, 'post', ticket({ subject: '  Where is my BTC?  ' }));
    expect(topic.json.request.subject).toBe('Where is my BTC?');
    const feedback = await desk(
      HELP_DESK_URLS.createRequest,
      'post',
      ticket({ subject: 'anything', custom_fields: [{ id: 'source', value: 'feedbacks_from_widget' }] }),
    );
    expect(feedback.json.request.subject).toBe('Feedback/Suggest From ada.lovelace@example.com');

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' });
    const stored = page.json().requests.find((r: { id: number }) => r.id === json.request.id);
    expect(stored).toMatchObject({
      requesterEmail: 'ada.lovelace@example.com',
      requesterName: 'ada.lovelace',
      source: 'tickets_from_widget',
      message: MESSAGE,
      status: 'new',
    });
  });

  it.each([
    ['a message under 50 characters', { comment: { body: 'x'.repeat(49) } }],
    ['a blank message padded to 50', { comment: { body: ` ${'x'.repeat(48)} `.padEnd(60, ' ') } }],
    ['an invalid email', { requester: { email: 'not-an-email' } }],
    ['an unknown source', { custom_fields: [{ id: 'source', value: 'tickets_from_elsewhere' }] }],
    [
      'two custom fields',
      {
        custom_fields: [
          { id: 'source', value: 'tickets_from_widget' },
          { id: 'source', value: 'feedbacks_from_widget' },
        ],
      },
    ],
    ['a topic over 150 characters', { subject: 'x'.repeat(151) }],
    ['an extra field', { priority: 'urgent' }],
    ['six attachments', { comment: { body: MESSAGE, uploads: ['a', 'b', 'c', 'd', 'e', 'f'] } }],
  ])('refuses %s and stores nothing', async (_name, overrides) => {
    const before = (await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' })).json().requests.length;
    const { statusCode, body } = await desk(HELP_DESK_URLS.createRequest, 'post', ticket(overrides));
    expect([statusCode, body.code]).toEqual([400, 'HLP0000001']);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' })).json().requests.length).toBe(before);
  });
});

describe("a ticket is the signed-in person's own (issue 13 F7)", () => {
  it('files it under their account and address, whatever address the body names', async () => {
    const grace = { token: await signUp(t.app, 'grace.hopper@example.com') };
    const [account] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'grace.hopper@example.com'));
    // The body says ada; the session is grace's.
    const { statusCode, json } = await desk(HELP_DESK_URLS.createRequest, 'post', ticket(), grace);
    expect(statusCode).toBe(200);
    expect(json.request.subject).toBe('Ticket From grace.hopper@example.com');
    const [stored] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, json.request.id));
    expect(stored).toMatchObject({ requesterEmail: 'grace.hopper@example.com', requesterName: 'grace.hopper', userId: account?.id });
    const filedAsAda = await t.db
      .select()
      .from(helpRequests)
      .where(and(eq(helpRequests.userId, account!.id), eq(helpRequests.requesterEmail, 'ada.lovelace@example.com')));
    expect(filedAsAda).toEqual([]);
  });
});

describe('text PostgreSQL cannot store', () => {
  // A NUL character made the insert (or the search's ilike) fail: a 500 instead of a 400 (docs/trust.md).
  it.each([
    ['a topic', () => desk(HELP_DESK_URLS.createRequest, 'post', ticket({ subject: 'Where\u0000 is my BTC?' }))],
    ['a message', () => desk(HELP_DESK_URLS.createRequest, 'post', ticket({ comment: { body: `${MESSAGE}\u0000` } }))],
    ['an email', () => desk(HELP_DESK_URLS.createRequest, 'post', ticket({ requester: { email: 'ada\u0000@example.com' } }))],
    ['a search', () => desk(HELP_DESK_URLS.search, 'get', { query: 'card\u0000', locale: 'en-us' })],
  ])('refuses a NUL character in %s with HLP0000001, not a 500', async (_name, send) => {
    const { statusCode, body } = await send();
    expect([statusCode, body.code]).toEqual([400, 'HLP0000001']);
  });

  it('drops control characters from a file name and an author instead of failing with a 500', async () => {
    const { payload, headers: multipartHeaders } = multipartBody(
      { url: HELP_DESK_URLS.upload, requestType: 'post', name: 'state\u0000ment.pdf', author: 'Ada\u0000 L.' },
      [{ field: 'file', name: 'ignored.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7') }],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.helpDeskForwardFile}`,
      payload,
      headers: { ...headers, ...multipartHeaders },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.json().data.data).upload.attachment.file_name).toBe('statement.pdf');
    const named = await upload('a\u0000b.txt', Buffer.from('x'));
    expect([named.statusCode, named.json?.upload.attachment.file_name]).toEqual([200, 'ab.txt']);
  });
});

describe('zendesk/forward/file: a body that is not well-formed multipart', () => {
  const boundary = 'causewayProbeBoundary';
  const part = (name: string, value: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
  const fields = part('url', HELP_DESK_URLS.upload) + part('requestType', 'post');
  const filePart = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
  const end = `--${boundary}--\r\n`;
  const send = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}${PATHS.helpDeskForwardFile}`,
      payload: Buffer.from(payload),
      headers: { ...headers, 'content-type': contentType },
    });

  it.each([
    [
      'cut short inside the file',
      fields + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhell`,
      undefined,
      400,
    ],
    ['without a boundary', fields + filePart('a.txt') + end, 'multipart/form-data', 400],
    [
      'with a field declared JSON that is not',
      fields + part('author', '{not json', '\r\nContent-Type: application/json') + filePart('a.txt') + end,
      undefined,
      400,
    ],
    // Over the field limit the parser stops mid-body: the file reads as cut short.
    [
      'with a fifth field',
      fields + part('name', 'a.txt') + part('author', 'Ada') + part('extra', 'x') + filePart('a.txt') + end,
      undefined,
      400,
    ],
    ['with two files', fields + filePart('a.txt') + filePart('b.txt') + end, undefined, 413],
  ] as const)('answers a body %s with an envelope, never a 500', async (_name, payload, contentType, status) => {
    const response = await send(payload, contentType);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(status === 400 ? 'REQ0000400' : 'REQ0000413');
  });
});

describe('zendesk/forward/file: attachments', () => {
  it('answers an upload token (uploads.json shape) that a ticket then carries; the operator downloads it as an attachment', async () => {
    const bytes = Buffer.from('%PDF-1.7\nreceipt');
    const uploaded = await upload('receipt.pdf', bytes);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json.upload).toEqual({
      token: expect.stringMatching(/^[\w-]{20,}$/),
      attachment: { file_name: 'receipt.pdf', size: bytes.length, content_type: 'application/octet-stream' },
    });
    const second = await upload('screen shot.PNG', Buffer.from('png-bytes'));
    const { json } = await desk(HELP_DESK_URLS.createRequest, 'post', ticket({}, [uploaded.json.upload.token, second.json.upload.token]));

    const stored = (await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' }))
      .json()
      .requests.find((r: { id: number }) => r.id === json.request.id);
    expect(stored.attachments.map((a: { fileName: string }) => a.fileName).sort()).toEqual(['receipt.pdf', 'screen shot.PNG']);
    const download = await t.app.inject({
      method: 'GET',
      url: `/sandbox/help-desk/requests/${json.request.id}/attachments/${uploaded.json.upload.token}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="receipt.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(bytes)).toBe(true);

    const html = await t.app.inject({ method: 'GET', url: '/sandbox/help-desk' });
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('receipt.pdf');
    expect(html.body).toContain(`#${json.request.id} Ticket From ada.lovelace@example.com`);
  });

  it("shows a ticket's text and file names on the operator page as text, never as markup, and offers the file under a safe name", async () => {
    const uploaded = await upload("<img src=x onerror='alert(1)'>.txt", Buffer.from('hello'));
    expect(uploaded.statusCode).toBe(200);
    const { json } = await desk(
      HELP_DESK_URLS.createRequest,
      'post',
      ticket({
        subject: '<script>alert(1)</script>',
        comment: { body: `${MESSAGE} <b onmouseover="alert(1)">hi</b>`, uploads: [uploaded.json.upload.token] },
      }),
    );
    const html = (await t.app.inject({ method: 'GET', url: '/sandbox/help-desk' })).body;
    expect(html).toContain(`#${json.request.id} &#60;script&#62;alert(1)&#60;/script&#62;`);
    expect(html).toContain('&#60;b onmouseover=&#34;alert(1)&#34;&#62;hi&#60;/b&#62;');
    expect(html).toContain('&#60;img src=x onerror=&#39;alert(1)&#39;&#62;.txt');
    expect(html).not.toMatch(/<script|<img|<b /);
    const download = await t.app.inject({
      method: 'GET',
      url: `/sandbox/help-desk/requests/${json.request.id}/attachments/${uploaded.json.upload.token}`,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._() -]+"; filename\*=UTF-8''[^"<> ]+$/);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes a token once: a second ticket naming it is refused and not stored', async () => {
    const { json: up } = await upload('notes.txt', Buffer.from('hello'));
    expect((await desk(HELP_DESK_URLS.createRequest, 'post', ticket({}, [up.upload.token]))).statusCode).toBe(200);
    const again = await desk(HELP_DESK_URLS.createRequest, 'post', ticket({ subject: 'second' }, [up.upload.token]));
    expect([again.statusCode, again.body.code]).toEqual([400, 'HLP0000006']);
    const unknown = await desk(HELP_DESK_URLS.createRequest, 'post', ticket({ subject: 'third' }, ['no-such-token-000000000000']));
    expect(unknown.body.code).toBe('HLP0000006');
    const subjects = (await t.app.inject({ method: 'GET', url: '/sandbox/help-desk?format=json' }))
      .json()
      .requests.map((r: { subject: string }) => r.subject);
    expect(subjects).not.toContain('second');
    expect(subjects).not.toContain('third');
  });

  it('accepts a file of exactly 10485760 bytes and refuses one byte more with HLP0000003', async () => {
    const atLimit = await upload('big.zip', Buffer.alloc(HELP_ATTACHMENT_MAX_BYTES, 1));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json.upload.attachment.size).toBe(HELP_ATTACHMENT_MAX_BYTES);
    const over = await upload('bigger.zip', Buffer.alloc(HELP_ATTACHMENT_MAX_BYTES + 1, 1));
    expect([over.statusCode, over.body.code]).toEqual([413, 'HLP0000003']);
  });

  it.each(['payload.exe', 'page.html', 'script.js', 'no-extension', 'archive.tar.xz'])('refuses %s with HLP0000002', async (name) => {
    const { statusCode, body } = await upload(name, Buffer.from('data'));
    expect([statusCode, body.code]).toEqual([400, 'HLP0000002']);
  });

  it.each(['a.jpg', 'b.JPEG', 'c.heic', 'd.docx', 'e.md', 'f.7z', 'g.bz2', 'h.svg'])('accepts %s', async (name) => {
    expect((await upload(name, Buffer.from('data'))).statusCode).toBe(200);
  });

  it('names a file without a name "attachment" and refuses it for having no type; an empty file is refused', async () => {
    const { statusCode, body } = await upload('', Buffer.from('data'));
    expect([statusCode, body.code, body.data?.fileName]).toEqual([400, 'HLP0000002', 'attachment']);
    const empty = await upload('empty.txt', Buffer.alloc(0));
    expect([empty.statusCode, empty.body.code]).toEqual([400, 'REQ0000400']);
  });

  it('keeps the extension of a file name cut to 255 characters', async () => {
    const { json } = await upload(`${'n'.repeat(300)}.pdf`, Buffer.from('%PDF'));
    expect(json.upload.attachment.file_name).toHaveLength(255);
    expect(json.upload.attachment.file_name.endsWith('n.pdf')).toBe(true);
  });

  it('refuses any url but uploads.json, and a file sent before the url', async () => {
    expect((await upload('a.txt', Buffer.from('x'), { url: '/api/v2/users.json', requestType: 'post' })).body.code).toBe('HLP0000001');
    expect((await upload('a.txt', Buffer.from('x'), { url: HELP_DESK_URLS.upload, requestType: 'get' })).body.code).toBe('HLP0000001');
    expect((await upload('a.txt', Buffer.from('x'), {})).body.code).toBe('HLP0000001');
  });

  it('needs a session', async () => {
    const { statusCode } = await upload('a.txt', Buffer.from('x'), { url: HELP_DESK_URLS.upload, requestType: 'post' }, {});
    expect(statusCode).toBe(401);
  });
});

describe('the built-in help site', () => {
  it('lists sections and serves articles in each locale; html_url leads there', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/help-centre/zh-cn' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<html lang="zh">');
    const [section] = (await desk(HELP_DESK_URLS.sections('en-us'), 'get')).json.sections;
    const [article] = (await desk(HELP_DESK_URLS.sectionArticles('en-us', section.id), 'get')).json.articles;
    const page = await t.app.inject({ method: 'GET', url: article.html_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(article.body);
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect((await t.app.inject({ method: 'GET', url: '/help-centre/en-us/articles/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/help-centre' })).headers.location).toBe('/help-centre/en-us');
  });

  // Issue 14: the help centre by the usual names of its languages too.
  it.each([
    ['/help-centre/zh-CN', '/help-centre/zh-cn'],
    ['/help-centre/zh', '/help-centre/zh-cn'],
    ['/help-centre/zh-Hans', '/help-centre/zh-cn'],
    ['/help-centre/EN-US', '/help-centre/en-us'],
    ['/help-centre/en', '/help-centre/en-us'],
    ['/help-centre/fr-FR', '/help-centre/fr-fr'],
    ['/help-centre/ZH-CN/articles/12', '/help-centre/zh-cn/articles/12'],
  ])('%s redirects to %s', async (url, location) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('a locale that is no language answers the not-found page, not a JSON error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/help-centre/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('sanitises a body again when it renders it: an operator edit in the database carries no script', async () => {
    const [section] = (await desk(HELP_DESK_URLS.sections('en-us'), 'get')).json.sections;
    const [article] = (await desk(HELP_DESK_URLS.sectionArticles('en-us', section.id), 'get')).json.articles;
    await t.db
      .update(helpArticleTexts)
      .set({
        bodyHtml:
          '<p>Edited</p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 1</script><a href="javascript:alert(1)">x</a>',
      })
      .where(eq(helpArticleTexts.articleId, article.id));
    const page = await t.app.inject({ method: 'GET', url: `/help-centre/en-us/articles/${article.id}` });
    expect(page.body).toContain('<p>Edited</p>');
    expect(page.body).not.toMatch(/onerror|<script|javascript:|__pwned/);
  });
});
