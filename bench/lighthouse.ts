// Lighthouse (mobile, simulated throttling: its defaults) on the entry routes, against the product
// as `npm start` runs it: the server on a fresh DATA_DIR serving the built web app (apps/web/dist,
// which `npm run bench` builds first), measured with Debian's Chromium. The signed-in routes are
// measured as the demo individual. Reported, not asserted: the figures go into bench/results and
// the README. Run alone with `node --import tsx bench/lighthouse.ts [route ...]` (prints the JSON results).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_BASE, HEADER, PATHS, RISK_WARNING_VERSION, SUCCESS_CODE, SUCCESS_STATUS } from '@causeway/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from '../e2e/chromium.ts';

export interface LighthouseResult {
  route: string;
  /** Category scores, 0..100. */
  performance: number;
  accessibility: number;
  /** First and largest contentful paint and total blocking time, simulated, in ms. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface LighthouseRoute {
  route: string;
  /** Measured as the demo individual, signed in. */
  signedIn: boolean;
  /** The targets (reported, not asserted). */
  target: { performance: number; accessibility: number };
}

/** In the order measured: the sign-in page first, while the browser holds no session yet. */
export const LIGHTHOUSE_ROUTES: readonly LighthouseRoute[] = [
  { route: '/en/login-v2', signedIn: false, target: { performance: 95, accessibility: 100 } },
  { route: '/en/card-buy-sell', signedIn: true, target: { performance: 95, accessibility: 100 } },
  { route: '/en/history', signedIn: true, target: { performance: 90, accessibility: 100 } },
  { route: '/en/settings', signedIn: true, target: { performance: 90, accessibility: 100 } },
];

/** docs/sandbox.md's demo individual, seeded on every new DATA_DIR. */
const DEMO_EMAIL = 'demo@causeway.test';
const DEMO_PASSWORD = 'Causeway-demo-2026!';

const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_QUIET_FLAGS];

const HEALTH_TIMEOUT_MS = 60_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * The product server as `npm start` runs it (web app already built), on a fresh DATA_DIR and a free
 * port. It serves a copy of apps/web/dist (WEB_DIST), so a rebuild during the run cannot swap the
 * hashed assets under the page being measured.
 */
async function startServer(root: string): Promise<RunningServer> {
  const builtDist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(builtDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build)');
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-bench-lighthouse-'));
  const dataDir = path.join(workDir, 'data');
  const webDist = path.join(workDir, 'web');
  fs.cpSync(builtDist, webDist, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, WEB_DIST: webDist, PORT: String(port), LOG_LEVEL: 'warn' },
  });
  // The last of what it logged (warnings and errors only), for the error when it does not come up.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering:\n${output}`);
      const healthy = await fetch(`${origin}${API_BASE}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return { origin, stop };
      if (Date.now() > deadline) throw new Error(`no 200 from /prod-api/health within ${HEALTH_TIMEOUT_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Envelope<T> {
  status: number;
  code: string;
  msg?: string;
  data: T;
}

async function callApi<T>(origin: string, apiPath: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers[HEADER.token] = init.token;
  const response = await fetch(`${origin}${API_BASE}${apiPath}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.status !== SUCCESS_STATUS || envelope.code !== SUCCESS_CODE) {
    throw new Error(`${apiPath}: HTTP ${response.status}, ${envelope.code} ${envelope.msg ?? ''}`);
  }
  return envelope.data;
}

/** A sign-in's token as the web app keeps it (apps/web/src/lib/session.ts): expiry in epoch ms. */
interface TokenRecord {
  token: string;
  validTime: number;
}

/**
 * Signs the demo individual in through the password call, as the sign-in page does, checks the session
 * answers, and agrees to the risk warning as the person did on their first trade.
 */
async function signInAsDemo(origin: string): Promise<TokenRecord> {
  const result = await callApi<{ status: string; token: { token: string; validTime: number } | null }>(origin, PATHS.passwordLogin, {
    method: 'POST',
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD, loginMode: 'individual', stayLoggedIn: false },
  });
  if (result.status !== 'SUCCESS' || !result.token) throw new Error(`demo sign-in answered ${result.status}`);
  // TokenVo.validTime is the remaining life in seconds (session.ts tokenRecordOf).
  const record = { token: result.token.token, validTime: Date.now() + result.token.validTime * 1000 };
  const status = await callApi<{ isLogin: boolean }>(origin, PATHS.checkLoginStatus, { token: record.token });
  if (!status.isLogin) throw new Error('the demo session does not answer as signed in');
  // A returning trader has agreed to the risk warning once (per version); until then every trade
  // page leads to /risk-reminder first (docs/rules/order-states.md trade routing).
  const risk = await callApi<{ riskSurveyCheckNextStep: string }>(origin, PATHS.riskSurveyAgreement, {
    method: 'POST',
    token: record.token,
    body: { agree: true, version: RISK_WARNING_VERSION, viewTime: 5000 },
  });
  if (risk.riskSurveyCheckNextStep !== 'OK') throw new Error(`risk agreement answered ${risk.riskSurveyCheckNextStep}`);
  return record;
}

/**
 * Leaves in the browser what a sign-in on the sign-in page leaves (lib/begin-session.ts → session.ts
 * setToken for the individual mode): the token in local storage under `causeway.token.individual`
 * (storage.ts's `{data, expiry}` wrapper, no expiry) and the shared `token` cookie (cookies.ts).
 */
async function storeSession(browserPort: number, origin: string, record: TokenRecord): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${browserPort}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/en/login-v2`, { waitUntil: 'networkidle0' });
    const cookieWritten = await page.evaluate((stored: TokenRecord) => {
      // Runs in the page (the bench's own types have no DOM).
      const { localStorage, document } = globalThis as unknown as {
        localStorage: { setItem: (key: string, value: string) => void };
        document: { cookie: string };
      };
      localStorage.setItem('causeway.token.individual', JSON.stringify({ data: stored, expiry: -1 }));
      const expires = new Date(Date.now() + 15 * 24 * 60 * 60 * 1000).toUTCString();
      document.cookie = `token=${encodeURIComponent(stored.token)}; expires=${expires}; path=/; Secure; SameSite=None`;
      return document.cookie.includes(`token=${encodeURIComponent(stored.token)}`);
    }, record);
    // Without it the app still reads the stored token; with it the browser is exactly as after a sign-in.
    if (!cookieWritten) console.warn('lighthouse: the shared token cookie was not kept (the stored token still signs in)');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const slugOf = (route: string) => route.replace(/^\/[a-z]{2}\//, '').replace(/[^\w-]+/g, '-');

/** One Lighthouse run; the screenshot and full report go to `outDir` (lh-<route>.jpg / .json). */
async function audit(browserPort: number, origin: string, route: string, outDir: string): Promise<LighthouseResult> {
  const url = `${origin}${route}`;
  const flags: Flags = {
    port: browserPort,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    // Not in either category (scores unchanged): the console errors, for the report.
    onlyAudits: ['errors-in-console'],
  };
  const runnerResult = await lighthouse(url, flags);
  if (!runnerResult) throw new Error(`Lighthouse gave no result for ${route}`);
  const lhr: Result = runnerResult.lhr;
  fs.writeFileSync(path.join(outDir, `lh-${slugOf(route)}.json`), JSON.stringify(lhr));
  const screenshot = lhr.audits['final-screenshot']?.details;
  if (screenshot?.type === 'screenshot') {
    const base64 = screenshot.data.replace(/^data:image\/\w+;base64,/, '');
    fs.writeFileSync(path.join(outDir, `lh-${slugOf(route)}.jpg`), Buffer.from(base64, 'base64'));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A signed-in page that lost its session ends on the sign-in page: then the figures would be the wrong page's.
  if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse on ${route} ended on ${lhr.finalDisplayedUrl}, not ${url}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`Lighthouse on ${route}: no ${id} score`);
    return Math.round(value * 100);
  };
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`Lighthouse on ${route}: no ${id}`);
    return value;
  };
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
}

export interface MeasureLighthouseOptions {
  /** Where each route's final screenshot and full report are written (lh-<route>.jpg / .json); default the OS temp dir. */
  outDir?: string;
  /** Only these of {@link LIGHTHOUSE_ROUTES} (to look at one page while changing it); all by default. */
  only?: readonly string[];
}

/**
 * Lighthouse performance and accessibility of {@link LIGHTHOUSE_ROUTES}, one after another, one run
 * each, after one plain fetch of each page to warm the server. `root` is the repository root.
 */
export async function measureLighthouse(root: string, options: MeasureLighthouseOptions = {}): Promise<LighthouseResult[]> {
  const outDir = options.outDir ?? os.tmpdir();
  const routes = LIGHTHOUSE_ROUTES.filter(({ route }) => !options.only || options.only.includes(route));
  const server = await startServer(root);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-bench-chromium-'));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    for (const { route } of routes) {
      // As a browser asks: only a request that accepts HTML gets the web app (else the API's not-found).
      const response = await fetch(`${server.origin}${route}`, { headers: { accept: 'text/html' } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${route}: HTTP ${response.status}`);
    }
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir, logLevel: 'error' });
    const results: LighthouseResult[] = [];
    let signedIn = false;
    for (const { route, signedIn: needsSession } of routes) {
      if (needsSession && !signedIn) {
        await storeSession(chrome.port, server.origin, await signInAsDemo(server.origin));
        signedIn = true;
      }
      results.push(await audit(chrome.port, server.origin, route, outDir));
    }
    return results;
  } finally {
    chrome?.kill();
    await server.stop();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The README's Lighthouse table: a score under the target is marked with it. */
export function lighthouseRows(results: readonly LighthouseResult[]): string[] {
  const targetOf = (route: string) => LIGHTHOUSE_ROUTES.find((r) => r.route === route)?.target;
  const scoreCell = (score: number, target: number | undefined) =>
    target !== undefined && score < target ? `${score} (target ${target})` : `${score}`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    '| route | performance | accessibility | FCP | LCP | TBT | CLS |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => {
      const target = targetOf(r.route);
      return `| \`${r.route}\` | ${scoreCell(r.performance, target?.performance)} | ${scoreCell(r.accessibility, target?.accessibility)} | ${seconds(r.fcpMs)} | ${seconds(r.lcpMs)} | ${r.tbtMs} ms | ${r.cls.toFixed(3)} |`;
    }),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
  // Routes named after the script measure only those: node --import tsx bench/lighthouse.ts /en/card-buy-sell
  const only = process.argv.slice(2);
  const results = await measureLighthouse(root, only.length > 0 ? { only } : {});
  console.log(JSON.stringify(results, null, 2));
}
