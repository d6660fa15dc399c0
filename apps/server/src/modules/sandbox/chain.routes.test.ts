import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createManualClock } from '../../platform/clock.ts';
import { registerSecurityHeaders } from '../../platform/security-headers.ts';
import { SANDBOX_DENY_LIST } from '../../providers/address-screening/sandbox.ts';
import { createSandboxChain, type SandboxChain, SANDBOX_SENDERS } from '../../providers/chain/index.ts';
import { createSandboxChainBook } from '../../providers/chain/sandbox-chain.repository.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { registerSandboxChainRoutes } from './chain.routes.ts';

// The sandbox chain's page and call (docs/sandbox.md "Chain") on a small app with our CSP.
const clock = createManualClock();
let database: DatabaseHandle;
let chain: SandboxChain;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  chain = createSandboxChain({ book: createSandboxChainBook(database.db), clock, confirmMs: 3_000 });
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, "'self'");
  registerSandboxChainRoutes(app, chain);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let counter = 0;
const deposit = (asset = 'USDT', network = 'ETH') =>
  chain.createDepositAddress({ reference: `ord-routes-${(counter += 1)}`, asset, network });
const sendJson = (payload: unknown) => app.inject({ method: 'POST', url: '/sandbox/chain/send', payload: payload as object });
const sendForm = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/sandbox/chain',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('POST /sandbox/chain/send', () => {
  it('sends to a deposit address and answers the transfer, which the deposit then lists and confirms on the clock', async () => {
    const to = await deposit();
    const response = await sendJson({ asset: 'USDT', network: 'ETH', address: to.address, amount: '250.50' });
    expect(response.statusCode).toBe(201);
    const { transfer } = response.json();
    expect(transfer).toEqual({
      transferId: expect.stringMatching(/^cin_/),
      asset: 'USDT',
      network: 'ETH',
      address: to.address,
      memo: null,
      amount: '250.5',
      fromAddress: SANDBOX_SENDERS.ETH,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      confirmations: 0,
      status: 'PENDING',
      seenAt: clock.now().toISOString(),
    });
    clock.advance(3_000 + 12_000);
    expect(await chain.listIncoming(to)).toMatchObject([{ transferId: transfer.transferId, status: 'CONFIRMED', confirmations: 2 }]);
  });

  it('takes a tag for XRP and a screened sender', async () => {
    const to = await deposit('XRP', 'XRP');
    const screened = SANDBOX_DENY_LIST.find((entry) => entry.network === 'XRP')!.address;
    const response = await sendJson({
      asset: 'XRP',
      network: 'XRP',
      address: to.address,
      memo: to.memo,
      amount: '10',
      fromAddress: screened,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().transfer).toMatchObject({ memo: to.memo, fromAddress: screened });
  });

  it.each([
    ['a bad checksum', { address: '0x52908400098527886E0F7030069857D2E4169Ee7' }, { reason: 'INVALID_ADDRESS', detail: 'CHECKSUM' }],
    ['too many decimals', { amount: '1.0000001' }, { reason: 'INVALID_AMOUNT' }],
    ['an asset the network does not carry', { asset: 'XRP' }, { reason: 'UNSUPPORTED_ASSET' }],
  ])('answers 422 naming the chain’s refusal for %s', async (_name, change, refusal) => {
    const response = await sendJson({ asset: 'USDT', network: 'ETH', address: (await deposit()).address, amount: '1', ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ ...refusal, message: expect.any(String) });
  });

  it.each([
    ['no address', { address: undefined }],
    ['an address over 128 characters', { address: `0x${'a'.repeat(127)}` }],
    ['an amount over 40 characters', { amount: '1'.repeat(41) }],
    ['a tag over 10 digits', { memo: '1'.repeat(11) }],
    ['a number for the amount', { amount: 1 }],
  ])('refuses %s before anything is sent (400)', async (_name, change) => {
    const response = await sendJson({
      asset: 'USDT',
      network: 'ETH',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: '1',
      ...change,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a body over 4 KB', async () => {
    const response = await sendJson({
      asset: 'BTC',
      network: 'BTC',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: '1',
      pad: 'x'.repeat(5000),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('GET and POST /sandbox/chain (the page)', () => {
  it('is a form prefilled from the link, with the network’s clean sender, under the CSP, never cached', async () => {
    const to = await deposit('XRP', 'XRP');
    const response = await app.inject({
      method: 'GET',
      url: `/sandbox/chain?asset=XRP&network=XRP&address=${to.address}&memo=${to.memo}&amount=12.5`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<form method="post" action="/sandbox/chain">');
    expect(page).toContain('<option value="XRP/XRP" selected>XRP on XRP</option>');
    expect(page).toContain(`id="address" name="address" value="${to.address}"`);
    expect(page).toContain(`id="memo" name="memo" value="${to.memo}"`);
    expect(page).toContain('id="amount" name="amount" value="12.5"');
    expect(page).toContain(`id="fromAddress" name="fromAddress" value="${SANDBOX_SENDERS.XRP}"`);
    expect(page).not.toContain('<script');
  });

  it('sends from the form and answers 303 back to the page, which shows the transfer and its confirmations', async () => {
    const to = await deposit('BTC', 'BTC');
    // The prefilled sender of another network stands for "the clean sender" of the one chosen.
    const response = await sendForm({ coin: 'BTC/BTC', address: to.address, memo: '', amount: '0.015', fromAddress: SANDBOX_SENDERS.ETH! });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/sandbox/chain');
    expect(location.searchParams.get('address')).toBe(to.address);
    const [sent] = await chain.listIncoming(to);
    expect(sent).toMatchObject({ amount: '0.015', fromAddress: SANDBOX_SENDERS.BTC });
    expect(location.searchParams.get('sent')).toBe(sent!.transferId);
    const page = (await app.inject({ method: 'GET', url: `${location.pathname}${location.search}` })).body;
    expect(page).toContain(`Sent 0.015 BTC: transaction <code>${sent!.txHash}</code>`);
    expect(page).toContain(`<code>${to.address}</code>`);
  });

  it('shows the form again with clear errors and the values typed, escaped, when the send is refused', async () => {
    const response = await sendForm({ coin: 'ETH/ETH', address: '"><script>alert(1)</script>', memo: '', amount: '', fromAddress: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter the amount');
    expect(response.body).toContain('&#34;&#62;&#60;script&#62;');
    expect(response.body).not.toContain('<script>alert(1)');
    const refused = await sendForm({ coin: 'ETH/ETH', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('the address is not valid for the ETH network (WRONG_NETWORK)');
    const unknownCoin = await sendForm({ coin: 'DOGE', address: 'x', amount: '1' });
    expect(unknownCoin.body).toContain('Choose the asset and network');
  });
});
