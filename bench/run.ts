// `npm run bench`: request rate of list-currency as a ratio of a bare Fastify route measured in
// the same run (the machine is shared and noisy: only ratios compare across runs), its p99
// latency, and the initial JS of every entry route. Writes bench/results/latest.json and the
// README's performance section.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measureRouteWeights } from './page-weight.ts';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const root = path.resolve(benchDir, '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 16;

/** Entry routes and the module of their page chunk. */
const ENTRY_ROUTES = {
  '/en/login-v2': 'src/features/auth/routes/login-page.tsx',
  '/en/settings': 'src/features/security/routes/security-centre-page.tsx',
  '/en/sandbox': 'src/features/sandbox/routes/sandbox-page.tsx',
  '/en/services-unavailable': 'src/features/status/routes/services-unavailable-page.tsx',
  '/en/user-blocked': 'src/features/status/routes/user-blocked-page.tsx',
  '/en/<not found>': 'src/features/status/routes/not-found-page.tsx',
};

type LoadOptions = Pick<autocannon.Options, 'method' | 'body' | 'headers'>;

async function load(url: string, options: LoadOptions = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, ...options }); // warm-up: JIT, pools, caches
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

async function measureServer() {
  const child = fork(path.join(benchDir, 'targets.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const targets = await new Promise<{ bareAddress: string; appAddress: string; databaseKind: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as never));
    child.once('exit', (code) => reject(new Error(`bench targets exited with ${code}`)));
  });
  try {
    const bare = await load(`${targets.bareAddress}/bare`);
    const listCurrency = await load(`${targets.appAddress}/prod-api/capi/v1/customer/order/list-currency`);
    // Sign-ins through the password path: each one verifies an argon2id hash and writes a session.
    const passwordLogin = await load(`${targets.appAddress}/prod-api/capi/v1/login/common/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@causeway.test', password: 'Causeway-demo-2026!' }),
    });
    const ratioOf = (figure: { requestsPerSecond: number }) => Number((figure.requestsPerSecond / bare.requestsPerSecond).toFixed(4));
    return { databaseKind: targets.databaseKind, bare, listCurrency, ratio: ratioOf(listCurrency), passwordLogin, passwordLoginRatio: ratioOf(passwordLogin) };
  } finally {
    child.disconnect();
  }
}

function updateReadme(results: Awaited<ReturnType<typeof measureServer>> & { routes: ReturnType<typeof measureRouteWeights> }) {
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
    `| \`POST common/password\` (sign-ins: argon2id m=19 MiB t=2 + a session write) | ${results.passwordLogin.requestsPerSecond} req/s, p99 ${results.passwordLogin.p99Ms} ms |`,
    `| sign-ins / baseline | **${results.passwordLoginRatio}** |`,
    '',
    '| entry route | initial JS gzip | brotli | raw | files |',
    '| --- | --- | --- | --- | --- |',
    ...results.routes.map((r) => `| \`${r.route}\` | ${kb(r.gzipBytes)} kB | ${kb(r.brotliBytes)} kB | ${kb(r.rawBytes)} kB | ${r.files} |`),
    '<!-- bench:end -->',
  ].join('\n');
  fs.writeFileSync(readmePath, readme.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, section));
}

const server = await measureServer();
const routes = measureRouteWeights(path.join(root, 'apps/web/dist'), ENTRY_ROUTES);
const results = { measuredAt: new Date().toISOString(), durationSeconds: DURATION_S, connections: CONNECTIONS, ...server, routes };
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.writeFileSync(path.join(benchDir, 'results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
updateReadme(results);
console.log(JSON.stringify(results, null, 2));
