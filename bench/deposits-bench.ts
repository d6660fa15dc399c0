// Deposits matched per second (docs/rules/bank-transfers.md): credits arrive at the sandbox bank
// with a person's reference, each posted on to our webhook, which reads it again, decides whose it
// is and books it, all in the request path. Timed from the first credit until every person's
// balance shows every credit; the balances must then equal what was sent, to the cent.
import { API_BASE, PATHS } from '@causeway/contracts';

/** Modest on purpose: the whole bench stays a few minutes on two cores (overridable, as BENCH_DURATION_S is). */
export const DEPOSIT_CREDITS = Number(process.env.BENCH_DEPOSIT_CREDITS ?? 200);
export const DEPOSIT_CONCURRENCY = Number(process.env.BENCH_DEPOSIT_CONCURRENCY ?? 8);
/** How long the balances may take to show every credit before the bench fails. */
const BOOKED_WITHIN_MS = 60_000;

/** Exact money: a decimal string in cents (no JS numbers anywhere near amounts). */
function centsOf(amount: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`not an amount in cents: ${amount}`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
const amountOf = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

async function call<T>(appAddress: string, path: string, token: string, body?: object): Promise<T> {
  const response = await fetch(`${appAddress}${API_BASE}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: string; data: T };
  if (answer.code !== '000000') throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

const eurBalanceOf = async (appAddress: string, token: string) => {
  const { balances } = await call<{ balances: Array<{ currency: string; available: string }> }>(appAddress, PATHS.listBalance, token);
  return centsOf(balances.find((balance) => balance.currency === 'EUR')?.available ?? '0');
};

/** Posts the credits, `DEPOSIT_CONCURRENCY` at once; answers each post's milliseconds. */
async function postCredits(appAddress: string, credits: Array<{ reference: string; amount: string }>) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < credits.length) {
      const credit = credits[next++]!;
      const started = performance.now();
      const response = await fetch(`${appAddress}/sandbox/bank/incoming`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...credit, currency: 'EUR' }),
      });
      const body = await response.text();
      if (response.status !== 201) throw new Error(`sandbox bank incoming: ${response.status} ${body}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: DEPOSIT_CONCURRENCY }, worker));
  return latencies;
}

/** Polls every balance until it reaches what was sent; fails on more than sent, or on a timeout. */
async function waitUntilBooked(appAddress: string, tokens: string[], expected: bigint[]) {
  const endsAt = Date.now() + BOOKED_WITHIN_MS;
  for (;;) {
    const balances = await Promise.all(tokens.map((token) => eurBalanceOf(appAddress, token)));
    if (balances.some((balance, index) => balance > expected[index]!))
      throw new Error(`deposits: a balance is above what was sent: ${balances.map(amountOf)} vs ${expected.map(amountOf)}`);
    if (balances.every((balance, index) => balance === expected[index])) return;
    if (Date.now() > endsAt)
      throw new Error(`deposits: balances ${balances.map(amountOf)} still short of ${expected.map(amountOf)} after ${BOOKED_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Credits of 10.00 to 99.99 EUR (above the minimum transfer), round-robin over the people's references. */
function creditsFor(references: string[], count: number, offset: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = offset + index;
    return { reference: references[n % references.length]!, amount: amountOf(1000n + BigInt((n * 7919) % 9000)) };
  });
}

export async function measureDeposits(appAddress: string, tokens: string[]) {
  if (tokens.length === 0) throw new Error('deposits: no depositors were prepared');
  const references: string[] = [];
  for (const token of tokens)
    references.push((await call<{ reference: string }>(appAddress, PATHS.bankTransferInstructions, token, { currency: 'EUR' })).reference);
  // New people: whatever their balances show at the end is what this bench sent them.
  const expected = tokens.map(() => 0n);
  await waitUntilBooked(appAddress, tokens, expected);
  const add = (credits: Array<{ reference: string; amount: string }>) => {
    for (const credit of credits) expected[references.indexOf(credit.reference)]! += centsOf(credit.amount);
  };
  // Warm-up, untimed: JIT, pools, the first query plans.
  const warmUp = creditsFor(references, 2 * DEPOSIT_CONCURRENCY, 0);
  await postCredits(appAddress, warmUp);
  add(warmUp);
  await waitUntilBooked(appAddress, tokens, expected);

  const credits = creditsFor(references, DEPOSIT_CREDITS, warmUp.length);
  add(credits);
  const started = performance.now();
  const latencies = await postCredits(appAddress, credits);
  const posted = performance.now();
  await waitUntilBooked(appAddress, tokens, expected);
  const booked = performance.now();
  const elapsedMs = booked - started;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!);
  return {
    credits: DEPOSIT_CREDITS,
    people: tokens.length,
    concurrency: DEPOSIT_CONCURRENCY,
    depositsPerSecond: Math.round((DEPOSIT_CREDITS * 1000) / elapsedMs),
    elapsedMs: Math.round(elapsedMs),
    // Booking is in the webhook's request path: what is left after the last post is the balance poll.
    bookedAfterLastPostMs: Math.round(booked - posted),
    postP50Ms: percentile(0.5),
    postP99Ms: percentile(0.99),
    balances: expected.map(amountOf),
  };
}
