import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface StartUp {
  /** A new DATA_DIR: the embedded database created, migrated and seeded with the demo data. */
  firstStartMs: number;
  /** The same DATA_DIR again: what a restart costs. */
  restartMs: number;
}

/** Milliseconds from `npm start`'s own command (node scripts/start.mjs, web app already built) to a 200 from /prod-api/health. */
async function timeToHealth(root: string, dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before answering`);
      const healthy = await fetch(`http://127.0.0.1:${port}/prod-api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** The start-up time of the product as a person runs it: a first start, then a restart. */
export async function measureStartUp(root: string, port = 18_599): Promise<StartUp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-bench-start-'));
  try {
    const firstStartMs = await timeToHealth(root, dataDir, port);
    const restartMs = await timeToHealth(root, dataDir, port);
    return { firstStartMs, restartMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
