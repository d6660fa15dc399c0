import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SANDBOX_TEST_CARDS } from '../apps/server/src/providers/card-processor/sandbox-cards.ts';
import { findCardNumbers, findKnownCardNumbers } from '../scripts/card-number-scan.ts';
import { dumpEmbeddedDatabase } from './database-dump.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLogPath: string;
  }
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * Starts the real server (built web app, embedded PGlite in a fresh temporary DATA_DIR, a free
 * port) once for the e2e run, exactly as `npm start` runs it. Its output is kept in a log file
 * so tests can check what reached the logs. Stopped with SIGTERM at the end.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-e2e-'));
  const logPath = path.join(workDir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      LOG_LEVEL: 'info',
      // Payouts and deposits reach their first block in half a second, and sells wait for their
      // deposit's confirmations on one-second blocks, not Bitcoin's ten minutes: the suite does not
      // spend its time waiting on a pretend chain.
      SANDBOX_CHAIN_CONFIRM_MS: '500',
      SANDBOX_CHAIN_BLOCK_MS: '1000',
      // A withdrawal settles a second after it is sent.
      SANDBOX_BANK_SETTLE_MS: '1000',
      DATABASE_URL: '',
      SANDBOX_KYC_DELAY_MS: '500',
      // The sandbox KYB reviewer decides half a second after a business submits, not two.
      SANDBOX_KYB_REVIEW_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitForUrl(server, log);
  project.provide('baseUrl', baseUrl);
  project.provide('serverLogPath', logPath);

  return async () => {
    await stopServer(server);
    fs.closeSync(log);
    try {
      await assertNoCardNumbers(logPath, path.join(workDir, 'data'));
    } finally {
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  };
}

/**
 * docs/trust.md: after the e2e suite (which adds and pays with test cards), neither the server's log
 * nor a dump of its database holds a full card number. Fails the run when one does.
 */
async function assertNoCardNumbers(logPath: string, dataDir: string): Promise<void> {
  const dump = await dumpEmbeddedDatabase(dataDir);
  const scan = (text: string) => [...findCardNumbers(text), ...findKnownCardNumbers(text, Object.keys(SANDBOX_TEST_CARDS))];
  const leaks = { log: scan(fs.readFileSync(logPath, 'utf8')), database: scan(dump) };
  console.info(
    `card-number scan after e2e: log ${fs.statSync(logPath).size} bytes, database dump ${dump.length} characters; found ${leaks.log.length + leaks.database.length}`,
  );
  if (leaks.log.length || leaks.database.length) {
    // A teardown's error alone leaves vitest's exit code 0: the exit code is what CI reads.
    process.exitCode = 1;
    throw new Error(`full card numbers leaked: ${JSON.stringify(leaks)}`);
  }
}

function waitForUrl(server: ChildProcess, log: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      fs.writeSync(log, chunk);
      output += chunk.toString();
      const match = /Open (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}
