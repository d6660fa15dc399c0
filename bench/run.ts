// `npm run bench`: request rates as ratios of a bare Fastify route measured in the same run (the
// machine is shared and noisy: only ratios compare across runs), with p99 latencies: list-currency
// and sign-ins on the embedded database; quotes, card orders and bank deposits on PostgreSQL
// (BENCH_POSTGRES_URL, default the local server). Also the initial JS of every entry route, how
// long `npm start` takes to answer, and Lighthouse's mobile scores of four pages
// (bench/lighthouse.ts). Writes bench/results/latest.json and the README's performance section.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONNECTIONS, DURATION_S, load } from './load.ts';
import { SIGN_IN_PASSWORD } from './buyers.ts';
import { type Buyer, measureOrders, measureQuotes } from './orders-bench.ts';
import { measureDeposits } from './deposits-bench.ts';
import { ENTRY_ROUTES } from '../apps/web/first-load.ts';
import { lighthouseRows, measureLighthouse } from './lighthouse.ts';
import { measureLazyChunks, measureRouteWeights } from './page-weight.ts';
import { measurePasswordHashes } from './password-hashes.ts';
import { measureStartUp } from './start-up.ts';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const root = path.resolve(benchDir, '..');
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Chunks that must stay out of every first load: the help widget and its forms (issue 6). */
const LAZY_CHUNKS = ['src/features/help/components/help-widget.tsx', 'src/features/help/components/request-form.tsx'];

type Targets = {
  bareAddress: string;
  appAddress: string;
  databaseKind: string;
  buyers: Buyer[];
  signInEmails: string[];
  /** Session tokens of verified people with a name (PostgreSQL only): the deposits bench's. */
  depositors: string[];
  /** Waits for every order to end, then answers how they ended and the ledger's trial balance (targets.ts). */
  settle(): Promise<Settled>;
};
type Settled = {
  open: number;
  openSteps: Record<string, number>;
  jobsLeft: unknown[];
  settledInMs: number;
  byStatus: Record<string, number>;
  balanced: boolean;
  trialBalance: Record<string, string>;
};

/** The bench targets in their own process: the embedded database, or a fresh PostgreSQL database. */
async function withTargets<T>(env: Record<string, string>, measure: (targets: Targets) => Promise<T>): Promise<T> {
  const child = fork(path.join(benchDir, 'targets.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const started = await new Promise<Omit<Targets, 'settle'>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as never));
    child.once('exit', (code) => reject(new Error(`bench targets exited with ${code}`)));
  });
  const settle = () =>
    new Promise<Settled>((resolve) => {
      const answer = (message: unknown) => {
        if ((message as { kind?: string }).kind !== 'settled') return;
        child.off('message', answer);
        const { kind: _kind, ...settled } = message as Settled & { kind: string };
        resolve(settled);
      };
      child.on('message', answer);
      child.send({ kind: 'settle' });
    });
  const targets: Targets = { ...started, settle };
  try {
    return await measure(targets);
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/**
 * Sign-ins through the password path: each one verifies an argon2id hash and writes a session.
 * Many people: each sign-in is one of 64 accounts, from its own address in 198.18.0.0/15 (RFC 2544's
 * benchmarking range, only ever a header here), so neither an account's 5 reserved attempts nor the
 * per-address limit of 100 password checks an hour refuses the bench.
 */
async function measureSignIns(targets: Targets) {
  let signIns = 0;
  return load(`${targets.appAddress}/prod-api/capi/v1/login/common/password`, {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          signIns += 1;
          const address = `198.${18 + ((signIns >> 16) & 1)}.${(signIns >> 8) & 255}.${signIns & 255}`;
          const email = targets.signInEmails[signIns % targets.signInEmails.length];
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ email, password: SIGN_IN_PASSWORD }),
          };
        },
      },
    ],
  });
}

async function measureServer() {
  return withTargets({}, async (targets) => {
    const bare = await load(`${targets.bareAddress}/bare`);
    const listCurrency = await load(`${targets.appAddress}/prod-api/capi/v1/customer/order/list-currency`);
    const passwordLogin = await measureSignIns(targets);
    const ratioOf = (figure: { requestsPerSecond: number }) => Number((figure.requestsPerSecond / bare.requestsPerSecond).toFixed(4));
    return {
      databaseKind: targets.databaseKind,
      bare,
      listCurrency,
      ratio: ratioOf(listCurrency),
      passwordLogin,
      passwordLoginRatio: ratioOf(passwordLogin),
    };
  });
}

/** Quotes and orders on PostgreSQL, each against the bare route measured in the same process. */
async function measureTrading() {
  return withTargets({ BENCH_POSTGRES_URL: POSTGRES_URL }, async (targets) => {
    const bare = await load(`${targets.bareAddress}/bare`);
    const quotes = await measureQuotes(targets.appAddress, targets.buyers);
    const orders = await measureOrders(targets.appAddress, targets.buyers);
    // Every order the load made must end, and the books must balance: a fast order that loses money is no figure.
    const settled = await targets.settle();
    if (settled.open > 0 || !settled.balanced) throw new Error(`after the orders' load: ${JSON.stringify(settled)}`);
    // On PostgreSQL the database's work runs in its own processes, not on the server's thread as
    // PGlite's does: the figure to hold against the hash's own ceiling.
    const signIns = await measureSignIns(targets);
    const deposits = await measureDepositsChecked(targets);
    const ratioOf = (perSecond: number) => Number((perSecond / bare.requestsPerSecond).toFixed(4));
    return {
      databaseKind: targets.databaseKind,
      bare,
      quotes,
      quotesRatio: ratioOf(quotes.requestsPerSecond),
      orders,
      ordersRatio: ratioOf(orders.ordersPerSecond),
      settled,
      signIns,
      deposits,
      depositsRatio: ratioOf(deposits.depositsPerSecond),
    };
  });
}

/** Deposits, then the books: every journal the credits made must leave the trial balance at zero. */
async function measureDepositsChecked(targets: Targets) {
  const deposits = await measureDeposits(targets.appAddress, targets.depositors);
  const settled = await targets.settle();
  if (!settled.balanced) throw new Error(`after the deposits: ${JSON.stringify(settled)}`);
  return deposits;
}

/** The deposits alone, against the bare route in the same process (`run.ts deposits`). */
async function measureDepositsAlone() {
  return withTargets({ BENCH_POSTGRES_URL: POSTGRES_URL }, async (targets) => {
    const bare = await load(`${targets.bareAddress}/bare`);
    const deposits = await measureDepositsChecked(targets);
    return {
      databaseKind: targets.databaseKind,
      bare,
      deposits,
      depositsRatio: Number((deposits.depositsPerSecond / bare.requestsPerSecond).toFixed(4)),
    };
  });
}

function updateReadme(
  results: Awaited<ReturnType<typeof measureServer>> & {
    trading: Awaited<ReturnType<typeof measureTrading>>;
    routes: ReturnType<typeof measureRouteWeights>;
    lazyChunks: ReturnType<typeof measureLazyChunks>;
    startUp: Awaited<ReturnType<typeof measureStartUp>>;
    passwordHashes: Awaited<ReturnType<typeof measurePasswordHashes>>;
    lighthouse: Awaited<ReturnType<typeof measureLighthouse>>;
  },
) {
  const readmePath = path.join(root, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const section = [
    '<!-- bench:start -->',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (2-core machine, ${results.databaseKind}, ${CONNECTIONS} connections, ${DURATION_S} s):`,
    '',
    '| what | figure |',
    '| --- | --- |',
    `| bare Fastify route (baseline) | ${results.bare.requestsPerSecond} req/s, p99 ${results.bare.p99Ms} ms |`,
    `| \`GET list-currency\` | ${results.listCurrency.requestsPerSecond} req/s, p99 ${results.listCurrency.p99Ms} ms |`,
    `| list-currency / baseline | **${results.ratio}** |`,
    `| \`POST common/password\` (sign-ins over 64 accounts: a counted attempt, argon2id m=19 MiB t=2, a session write) | ${results.passwordLogin.requestsPerSecond} req/s, p99 ${results.passwordLogin.p99Ms} ms |`,
    `| sign-ins / baseline | **${results.passwordLoginRatio}** |`,
    `| argon2id verifications alone (the same parameters, ${CONNECTIONS} at once, in the bench's process): the ceiling of sign-ins | ${results.passwordHashes.verificationsPerSecond}/s |`,
    `| \`npm start\` (web app built) to a 200 from \`/prod-api/health\`: first start (new DATA_DIR from the schema snapshot, then this install's secrets and demo data) / restart | ${(results.startUp.firstStartMs / 1000).toFixed(1)} s / ${(results.startUp.restartMs / 1000).toFixed(1)} s |`,
    '',
    `On PostgreSQL (a fresh database; baseline in the same run: ${results.trading.bare.requestsPerSecond} req/s, p99 ${results.trading.bare.p99Ms} ms; 32 verified buyers, 16 per run, the settlement worker running):`,
    '',
    '| what | figure |',
    '| --- | --- |',
    `| \`POST order/get-quote\` (prices, limits, fees, a quote row) | ${results.trading.quotes.requestsPerSecond} quotes/s, p99 ${results.trading.quotes.p99Ms} ms |`,
    `| quotes / baseline | **${results.trading.quotesRatio}** |`,
    `| get-quote + \`submit-buy\` per order (idempotency key, order, card authorisation) | ${results.trading.orders.ordersPerSecond} orders/s, p99 ${results.trading.orders.p99Ms} ms per request |`,
    `| orders / baseline | **${results.trading.ordersRatio}** |`,
    `| after the run: every order ended (${Object.entries(results.trading.settled.byStatus)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ')}), trial balance zero in every currency | ${results.trading.settled.balanced ? 'yes' : 'NO'} |`,
    `| bank deposits: ${results.trading.deposits.credits} credits by reference to \`POST /sandbox/bank/incoming\`, ${results.trading.deposits.concurrency} at once, for ${results.trading.deposits.people} people, each webhooked, matched and booked, until the balances show all | ${results.trading.deposits.depositsPerSecond} deposits/s, p99 ${results.trading.deposits.postP99Ms} ms per credit |`,
    `| deposits / baseline (the balances equal the sum sent, to the cent) | **${results.trading.depositsRatio}** |`,
    `| \`POST common/password\` sign-ins on PostgreSQL (beside argon2id alone: ${results.passwordHashes.verificationsPerSecond}/s) | ${results.trading.signIns.requestsPerSecond} req/s, p99 ${results.trading.signIns.p99Ms} ms |`,
    '',
    '| entry route | initial JS gzip | brotli | raw | files |',
    '| --- | --- | --- | --- | --- |',
    ...results.routes.map(
      (r) => `| \`${r.route}\` | ${kb(r.gzipBytes)} kB | ${kb(r.brotliBytes)} kB | ${kb(r.rawBytes)} kB | ${r.files} |`,
    ),
    '',
    "Lighthouse 12, mobile (its default simulated throttling), one run per page against `npm start` with Debian's Chromium; the signed-in pages as the demo individual:",
    '',
    ...lighthouseRows(results.lighthouse),
    '',
    '| lazy chunk (loaded on first use) | own gzip | raw | opening it downloads (gzip, with its imports) | in the first load of |',
    '| --- | --- | --- | --- | --- |',
    ...results.lazyChunks.map(
      (c) =>
        `| \`${c.source.replace(/^src\//, '')}\` | ${kb(c.gzipBytes)} kB | ${kb(c.rawBytes)} kB | ${kb(c.openGzipBytes)} kB | ${c.inFirstLoadOf.length === 0 ? 'no entry route' : c.inFirstLoadOf.join(', ')} |`,
    ),
    '<!-- bench:end -->',
  ].join('\n');
  fs.writeFileSync(readmePath, readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, section));
}

// `node --import tsx bench/run.ts trading`: the PostgreSQL figures alone (quotes, orders, deposits), printed (the README is left as it is).
if (process.argv.includes('trading')) {
  console.log(JSON.stringify(await measureTrading(), null, 2));
  process.exit(0);
}
// `node --import tsx bench/run.ts deposits`: the deposits alone, printed, likewise.
if (process.argv.includes('deposits')) {
  console.log(JSON.stringify(await measureDepositsAlone(), null, 2));
  process.exit(0);
}

const server = await measureServer();
const trading = await measureTrading();
const routes = measureRouteWeights(path.join(root, 'apps/web/dist'), ENTRY_ROUTES);
const lazyChunks = measureLazyChunks(path.join(root, 'apps/web/dist'), LAZY_CHUNKS, ENTRY_ROUTES);
const startUp = await measureStartUp(root);
const passwordHashes = await measurePasswordHashes();
const lighthouse = await measureLighthouse(root);
const results = {
  measuredAt: new Date().toISOString(),
  durationSeconds: DURATION_S,
  connections: CONNECTIONS,
  ...server,
  trading,
  routes,
  lazyChunks,
  startUp,
  passwordHashes,
  lighthouse,
};
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.writeFileSync(path.join(benchDir, 'results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
updateReadme(results);
console.log(JSON.stringify(results, null, 2));
