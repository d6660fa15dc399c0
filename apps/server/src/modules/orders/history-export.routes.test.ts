import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportHistoryStatusResultSchema, PATHS } from '@causeway/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyExports, orders } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';
import { call, createIdentityTestApp, type IdentityTestApp, signInWithCode, tokenHeaders } from '../../../test/identity-helpers.ts';
import { newIndividual } from '../../../test/kyc-helpers.ts';
import { addCard, buy, settle, TEST_CARDS, verifiedBuyer } from '../../../test/order-helpers.ts';

let t: IdentityTestApp;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'causeway-history-export-'));
  t = await createIdentityTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await t.app.close();
  await rm(uploadDir, { recursive: true, force: true });
});

const DAY_MS = 24 * 60 * 60 * 1000;
type Headers = Record<string, string>;
const iso = (ms: number) => new Date(ms).toISOString();
/** The last `days` days, ending at the end of today (as the page sends them). */
const lastDays = (days = 30) => ({ from: iso(t.clock.now().getTime() - days * DAY_MS), to: iso(t.clock.now().getTime() + 60_000) });
const askExport = (headers: Headers, body: Record<string, unknown> = lastDays()) =>
  call(t.app, 'POST', PATHS.exportHistory, { headers, body });
const statusOf = (headers: Headers, exportId: string) =>
  call(t.app, 'GET', `${PATHS.exportHistoryStatus}?exportId=${encodeURIComponent(exportId)}`, { headers });
const download = (url: string) => t.app.inject({ method: 'GET', url });
/** A new session (an hour-long one runs out when a test moves the clock by days). */
const signedIn = async (email: string) => tokenHeaders((await signInWithCode(t.app, email)).token.token);
/** The file's records, without its byte-order mark, split on RFC 4180's CRLF (no cell of these holds one). */
const recordsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);

/** Asks for an export, runs the jobs, and answers its status once READY. */
async function readyExport(headers: Headers, body?: Record<string, unknown>) {
  const asked = await askExport(headers, body);
  expect(asked.statusCode, JSON.stringify(asked.body)).toBe(200);
  await t.app.jobs.drain();
  const status = await statusOf(headers, asked.body.data.exportId);
  return exportHistoryStatusResultSchema.parse(status.body.data);
}

/** A buyer with a card buy that succeeded and one whose card was declined, a minute apart. */
let buyer: { headers: Headers; userId: string; email: string; bought: string; declined: string };
beforeAll(async () => {
  const email = 'export-buyer@example.com';
  const person = await verifiedBuyer(t, email);
  const visa = await addCard(t, person.headers, TEST_CARDS.visa);
  const declinedCard = await addCard(t, person.headers, TEST_CARDS.declined);
  const bought = await buy(t, person.headers, visa.cardId, { fiatAmount: '100' });
  await settle(t);
  t.clock.advance(60_000);
  const declined = await buy(t, person.headers, declinedCard.cardId, { fiatAmount: '300' });
  await settle(t);
  buyer = { headers: person.headers, userId: person.userId, email, bought: bought.orderId, declined: declined.orderId };
});

describe('order/export-history', () => {
  it('answers at once; the job writes the CSV; the link downloads it as an attachment; the person is mailed', async () => {
    const asked = await askExport(buyer.headers);
    expect(asked.statusCode).toBe(200);
    expect(asked.body.data).toEqual({ exportId: expect.stringMatching(/^exp_/), status: 'PENDING' });
    const { exportId } = asked.body.data;
    expect((await statusOf(buyer.headers, exportId)).body.data).toEqual({
      exportId,
      status: 'PENDING',
      downloadUrl: null,
      expiresAt: null,
    });

    await t.app.jobs.drain();
    const ready = exportHistoryStatusResultSchema.parse((await statusOf(buyer.headers, exportId)).body.data);
    expect(ready).toMatchObject({ status: 'READY', expiresAt: iso(t.clock.now().getTime() + 7 * DAY_MS) });
    expect(ready.downloadUrl).toMatch(
      /^\/prod-api\/capi\/v1\/customer\/order\/export-history\/download\?exportId=exp_\w+&sig=[0-9a-f]{64}$/,
    );

    const response = await download(ready.downloadUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="causeway-history-${iso(t.clock.now().getTime()).slice(0, 10)}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = recordsOf(response.body);
    expect(header).toMatch(/^Created at \(UTC\),Order ID,Type,Status,/);
    const [bought, declined] = await Promise.all(
      [buyer.bought, buyer.declined].map(async (id) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!),
    );
    // Oldest first; amounts exactly as the database holds them.
    expect(rows.map((row) => row.split(','))).toEqual([
      [
        bought!.createdAt.toISOString(),
        bought!.id,
        'buy',
        'SUCCESS',
        'EUR',
        bought!.fiatAmount,
        'BTC',
        bought!.cryptoAmount,
        'BTC',
        (bought!.fees as { total: string }).total,
        bought!.walletAddress,
        '4242',
        '',
      ],
      expect.arrayContaining([declined!.id, 'FAILED', declined!.fiatAmount, '0002', 'CARD_DECLINED']),
    ]);
    const stored = path.join(uploadDir, 'history-exports', buyer.userId, exportId, 'history.csv');
    expect((await stat(stored)).isFile()).toBe(true);

    const mailbox = await t.app.inject({ method: 'GET', url: `/sandbox/mailbox?to=${encodeURIComponent(buyer.email)}` });
    const subjects = (mailbox.json().messages as Array<{ subject: string }>).map((message) => message.subject);
    expect(subjects).toContain('Your Causeway history export is ready');
  });

  it("answers another person's export, an unknown one and a link with another signature as not found", async () => {
    const ready = await readyExport(buyer.headers);
    const stranger = await verifiedBuyer(t, 'export-stranger@example.com');
    const refused = await statusOf(stranger.headers, ready.exportId);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toMatchObject({ code: 'ODR00001022', data: null });
    expect((await statusOf(buyer.headers, 'exp_nothing')).body.code).toBe('ODR00001022');
    expect((await statusOf(buyer.headers, '../etc')).body.code).toBe('REQ0000400');

    const tampered = ready.downloadUrl!.replace(/sig=([0-9a-f])/, (_all, first: string) => `sig=${first === '0' ? '1' : '0'}`);
    const other = await readyExport(stranger.headers, { ...lastDays(), lang: 'zh' });
    expect(recordsOf((await download(other.downloadUrl!)).body)).toEqual([expect.stringMatching(/^创建时间（UTC）,订单号,/)]);
    const swapped = ready.downloadUrl!.replace(ready.exportId, other.exportId);
    for (const url of [tampered, swapped]) {
      const response = await download(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ODR00001022' });
    }
  });

  it('refuses a range ending before it starts or over 365 days (ODR00001010), or ending after today (ODR00001023)', async () => {
    const person = await newIndividual(t, 'export-ranges@example.com');
    const headers = tokenHeaders(person.token);
    const now = t.clock.now().getTime();
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ from: iso(now), to: iso(now - 1) }, 400, 'ODR00001010'],
      [{ from: iso(now - 366 * DAY_MS), to: iso(now) }, 400, 'ODR00001010'],
      [{ from: iso(now - DAY_MS), to: iso(now + 2 * DAY_MS) }, 400, 'ODR00001023'],
      [{ from: 'yesterday', to: iso(now) }, 400, 'REQ0000400'],
    ];
    for (const [body, status, code] of cases) {
      const response = await askExport(headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await t.db.select().from(historyExports).where(eq(historyExports.userId, person.userId))).toEqual([]);
    expect((await askExport(headers, { from: iso(now - 364 * DAY_MS), to: iso(now + DAY_MS - 1) })).statusCode).toBe(200);
  });

  it('takes at most 10 exports a person a UTC day (ODR00001021), and more the next day', async () => {
    const person = await newIndividual(t, 'export-cap@example.com');
    const headers = tokenHeaders(person.token);
    for (let n = 0; n < 10; n += 1) expect((await askExport(headers)).statusCode).toBe(200);
    const refused = await askExport(headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.code).toBe('ODR00001021');
    const now = t.clock.now();
    t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)));
    expect((await askExport(await signedIn('export-cap@example.com'))).statusCode).toBe(200);
    await t.app.jobs.drain();
  });

  it('writes every order of a long history once, oldest first, however many pages it takes', async () => {
    const person = await newIndividual(t, 'export-long@example.com');
    const start = new Date(t.clock.now().getTime() - 100 * DAY_MS).toISOString();
    // 1,101 copies of the buyer's (ended) order, two a second: the pages' order (created at, then id) must hold for orders created together.
    const clones = rowsOf<{ id: string; at: string }>(
      await t.db.execute(sql`
        insert into orders (id, user_id, quote_id, card_id, transaction_type, channel_code, payment_method, status, step,
          fiat_currency, fiat_amount, crypto_currency, network, crypto_amount, price, fees, wallet_address, limit_amount,
          processor, created_at, updated_at, completed_at, deadline_at)
        select gen_random_uuid(), ${person.userId}, quote_id, card_id, transaction_type, channel_code, payment_method, status, step,
          fiat_currency, fiat_amount, crypto_currency, network, crypto_amount, price, fees, wallet_address, limit_amount,
          processor, ${start}::timestamptz + (n / 2) * interval '1 second', updated_at, completed_at, deadline_at
        from orders, generate_series(0, 1100) as n where id = ${buyer.bought}
        returning id::text as id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as at`),
    );
    expect(clones).toHaveLength(1_101);
    const ready = await readyExport(tokenHeaders(person.token), lastDays(365));
    const rows = recordsOf((await download(ready.downloadUrl!)).body).slice(1);
    const expected = [...clones].sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
    expect(rows.map((row) => row.split(',')[1])).toEqual(expected.map((order) => order.id));
  });

  it('stops answering 7 days after the file was made; the housekeeping then deletes the file and the export', async () => {
    const ready = await readyExport(await signedIn(buyer.email));
    const stored = path.join(uploadDir, 'history-exports', buyer.userId, ready.exportId, 'history.csv');
    t.clock.set(new Date(new Date(ready.expiresAt!).getTime() - 1));
    expect((await download(ready.downloadUrl!)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await download(ready.downloadUrl!)).statusCode).toBe(404);
    expect((await statusOf(await signedIn(buyer.email), ready.exportId)).body.code).toBe('ODR00001022');

    t.clock.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    await expect(stat(stored)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await t.db.select().from(historyExports).where(eq(historyExports.id, ready.exportId))).toEqual([]);
  });
});
