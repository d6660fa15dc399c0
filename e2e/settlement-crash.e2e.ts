import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, isFinalOrderStatus, PATHS, RISK_WARNING_VERSION, type OrderStatus } from '@causeway/contracts';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/trust.md crash safety: kill -9 the server while settlements are in flight (card buys, a card
 * sell whose crypto was just sent, bank deposits and a withdrawal), restart it on the same data, and
 * every order and the withdrawal end final with the books balanced. The real process, the embedded
 * database, sandbox providers. Leases as long as the default (120 s, longer than the 90 s the test
 * waits): the restarted process takes the dead one's leases at once (jobs/worker-presence.ts).
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-crash-'));
const dataDir = path.join(workDir, 'data');
let running: ChildProcess | undefined;
afterAll(() => {
  running?.kill('SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
});

async function start(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      JOB_LEASE_MS: '120000',
      JOB_POLL_MS: '100',
      SANDBOX_CHAIN_CONFIRM_MS: '1500',
      // A sell's deposit needs 2 confirmations on Bitcoin: half-second blocks.
      SANDBOX_CHAIN_BLOCK_MS: '500',
      SANDBOX_BANK_SETTLE_MS: '1500',
      // A deposit whose webhook died with the process is found by the poll behind the webhooks.
      BANK_POLL_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, baseUrl };
}

async function post(baseUrl: string, apiPath: string, body: object, token?: string) {
  const response = await fetch(`${baseUrl}${API_BASE}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes are read loosely here
  return (await response.json()) as { code: string; data: any };
}

describe('kill -9 during settlement', () => {
  // Two starts of the server, 24 orders and their settlement: longer than the e2e default.
  it('leaves every order final after a restart, and the ledger balanced', { timeout: 180_000 }, async () => {
    const first = await start();
    const login = await post(first.baseUrl, PATHS.passwordLogin, { email: 'demo@causeway.test', password: 'Causeway-demo-2026!' });
    const token = login.data.token.token as string;
    // Orders wait for the risk warning (the demo person passed the appropriateness test when seeded).
    expect((await post(first.baseUrl, PATHS.riskSurveyAgreement, { agree: true, version: RISK_WARNING_VERSION }, token)).code).toBe(
      '000000',
    );
    const [card] = (await post(first.baseUrl, PATHS.listCard, {}, token)).data.cards;
    const orderIds: string[] = [];
    const submitOne = async () => {
      const orderId = randomUUID();
      orderIds.push(orderId);
      const quote = await post(
        first.baseUrl,
        PATHS.getQuote,
        {
          orderId,
          fiatCurrency: 'EUR',
          cryptoCurrency: 'BTC',
          network: 'BTC',
          fiatAmount: '25',
          walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        },
        token,
      );
      return post(first.baseUrl, PATHS.submitBuy, { orderId, quoteId: quote.data.quoteId, cardId: card.cardId }, token);
    };
    for (let index = 0; index < 12; index += 1) expect((await submitOne()).code).toBe('000000');
    // More submissions in flight (sent before the authenticator below is bound), and the process dies under them.
    const inFlight = Array.from({ length: 6 }, () => submitOne().catch(() => null));
    // A sell too (docs/rules/sell-deposits.md): its crypto sent to its address, so its deposit, sale and
    // card payout are under way when the process dies. Selling needs an authenticator, and each of its codes is
    // accepted once: bound with the code of the step before this one, the sell uses this step's and the withdrawal the next.
    const setupKey = (await post(first.baseUrl, PATHS.authenticatorQrCode, { qrCodeWidth: 100, qrCodeHeight: 100 }, token)).data
      .googleAuthenticatorToken as string;
    const sent = await post(
      first.baseUrl,
      PATHS.verificationSendCode,
      { verifyBusiness: 'GA_BIND', email: 'demo@causeway.test', nonInductiveVerification: true },
      token,
    );
    expect(sent.code).toBe('000000');
    const mailbox = (await (await fetch(`${first.baseUrl}/sandbox/mailbox?to=demo@causeway.test`)).json()) as {
      messages: Array<{ subject: string }>;
    };
    // Newest first; receipts of the buys above arrive meanwhile: the newest message carrying a code.
    const emailCode = mailbox.messages.map((message) => /code: (\d{6})/.exec(message.subject)?.[1]).find(Boolean)!;
    // The steps count from here, just before the binding: the email round trip above may cross a 30 s step,
    // and the server accepts a code of its own step or the one either side.
    const now = Math.floor(Date.now() / 1000);
    const totp = (steps: number) => generate({ secret: setupKey, epoch: now + steps * 30 });
    const bound = await post(
      first.baseUrl,
      PATHS.bindGoogleAuthenticator,
      { newGaVerifyCode: await totp(-1), emailVerifyCode: emailCode },
      token,
    );
    expect(bound.data?.bindStatus, JSON.stringify(bound)).toBe('SUCCESS');
    const sellOne = async (step: number) => {
      const orderId = randomUUID();
      orderIds.push(orderId);
      const quote = await post(
        first.baseUrl,
        PATHS.getQuote,
        { orderId, transactionType: 'sell', fiatCurrency: 'EUR', cryptoCurrency: 'BTC', network: 'BTC', cryptoAmount: '0.001' },
        token,
      );
      const sold = await post(
        first.baseUrl,
        PATHS.submitSell,
        { orderId, quoteId: quote.data.quoteId, cardId: card.cardId, otpType: 'GA_OTP', otpCode: await totp(step) },
        token,
      );
      expect(sold.code).toBe('000000');
      const { address, memo, amount } = sold.data.deposit;
      const deposit = await fetch(`${first.baseUrl}/sandbox/chain/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ asset: 'BTC', network: 'BTC', address, memo, amount }),
      });
      expect(deposit.status).toBe(201);
    };
    await sellOne(0);
    // Money by bank transfer (docs/rules/bank-transfers.md): deposits into the balance, and a withdrawal of some
    // of it to a saved account, paid by the sandbox bank while the process dies.
    const { reference } = (await post(first.baseUrl, PATHS.bankTransferInstructions, { currency: 'EUR' }, token)).data;
    const deposit = (amount: string) =>
      fetch(`${first.baseUrl}/sandbox/bank/incoming`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reference, amount, currency: 'EUR' }),
      });
    for (const amount of ['100.00', '100.00', '100.00']) expect((await deposit(amount)).status).toBe(201);
    const saved = await post(
      first.baseUrl,
      PATHS.addBankAccount,
      { kind: 'SEPA', accountName: 'Demo User', iban: 'DE89370400440532013000', bankName: 'Sandbox Savings' },
      token,
    );
    expect(saved.code, JSON.stringify(saved)).toBe('000000');
    const withdrawId = randomUUID();
    const withdrawn = await post(
      first.baseUrl,
      PATHS.submitWithdraw,
      { withdrawId, bankAccountId: saved.data.bankAccountId, currency: 'EUR', amount: '50.00', otpType: 'GA_OTP', otpCode: await totp(1) },
      token,
    );
    expect(withdrawn.code, JSON.stringify(withdrawn)).toBe('000000');
    const lateDeposit = deposit('25.00').catch(() => null);
    const listedAt = new Date();
    const beforeKill = await post(
      first.baseUrl,
      PATHS.listOrder,
      {
        startTime: new Date(listedAt.getTime() - 3_600_000).toISOString(),
        endTime: new Date(listedAt.getTime() + 3_600_000).toISOString(),
        pageSize: 100,
      },
      token,
    );
    const unsettledAtKill = (beforeKill.data.list as Array<{ status: OrderStatus }>).filter(
      (order) => !isFinalOrderStatus(order.status),
    ).length;
    first.child.kill('SIGKILL');
    await Promise.all([...inFlight, lateDeposit]);
    if (first.child.exitCode === null && first.child.signalCode === null) await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await start();
    const deadline = Date.now() + 90_000;
    const statuses = new Map<string, string>();
    let withdrawal: string | undefined;
    while (Date.now() < deadline) {
      for (const orderId of orderIds) {
        const detail = await post(second.baseUrl, PATHS.getOrderDetail, { orderId }, token);
        statuses.set(orderId, detail.code === '000000' ? detail.data.status : `absent (${detail.code})`);
      }
      const open = [...statuses.values()].filter((status) => !status.startsWith('absent') && !isFinalOrderStatus(status as OrderStatus));
      withdrawal = (await post(second.baseUrl, PATHS.withdrawDetail, { withdrawId }, token)).data?.status;
      if (open.length === 0 && withdrawal !== 'PROCESSING') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const ledger = (await (await fetch(`${second.baseUrl}/sandbox/ledger`)).json()) as {
      balanced: boolean;
      trialBalance: Record<string, string>;
      ordersByStatus: Record<string, number>;
      openOrders: number;
    };
    console.info(
      `crash test: ${orderIds.length} orders submitted, ${unsettledAtKill} of the listed ones unsettled at the kill, outcomes ${JSON.stringify(Object.fromEntries([...new Set(statuses.values())].map((status) => [status, [...statuses.values()].filter((s) => s === status).length])))}; ledger ${JSON.stringify(ledger)}`,
    );
    const balances = (await (await fetch(`${second.baseUrl}${API_BASE}${PATHS.listBalance}`, { headers: { token } })).json()) as {
      data: { balances: Array<{ currency: string; available: string }> };
    };
    const eur = balances.data.balances.find((balance) => balance.currency === 'EUR')?.available;
    console.info(`crash test: withdrawal ${withdrawal}, EUR balance ${eur}`);
    expect(unsettledAtKill).toBeGreaterThan(0);
    // The paid withdrawal left the balance once; the deposit sent as the process died arrived whole (its webhook
    // taken, or its credit found by the poll after the restart) or not at all (the bank never took it).
    expect(withdrawal).toBe('SUCCESS');
    expect(['250', '275']).toContain(eur);
    expect(ledger.openOrders).toBe(0);
    expect(ledger.balanced).toBe(true);
    for (const status of statuses.values()) expect(status.startsWith('absent') || isFinalOrderStatus(status as OrderStatus)).toBe(true);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
    running = undefined;
  });
});
