import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-process-'));
/** Every server started here: one a failed or timed-out test left running is stopped, never left behind. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A killed server may still be closing its files for a moment: retried rather than failing the suite.
  fs.rmSync(workDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process', () => {
  it('stops with a clear message on a bad environment, naming every bad variable', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud', DATA_DIR: path.join(workDir, 'unused') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="eighty"');
    expect(server.output()).toContain('LOG_LEVEL="loud"');
  });

  it('refuses a second process on the same DATA_DIR, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = path.join(workDir, 'nested', 'data');
    const first = startServer({ DATA_DIR: dataDir });
    await waitFor(() => /Open http/.test(first.output()), 'the first server to listen');
    expect(fs.existsSync(path.join(dataDir, 'causeway.lock'))).toBe(true);

    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another Causeway process (pid ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'causeway.lock'))).toBe(false);

    // The data survives: a restart on the same folder migrates nothing new and serves again.
    const again = startServer({ DATA_DIR: dataDir });
    await waitFor(() => /Open http/.test(again.output()), 'the restarted server to listen');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
