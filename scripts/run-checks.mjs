// Runs `npm test`'s checks before the suites side by side: typecheck, lint and build (docs/testing: "How CI runs").
//
// tsc, prettier and eslint each keep about one core busy, so one after another they left CI's second core half idle
// for about four minutes; none reads what another writes (lint and prettier skip dist/, the build writes only dist/
// and the PGlite snapshot). Each one's output is held and printed whole, in the order named, so the logs do not
// interleave; the exit code is the worst of them.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks), seconds: (Date.now() - started) / 1000 }),
    );
  });

const results = await Promise.all(scripts.map(run));
for (const { script, code, output, seconds } of results) {
  process.stdout.write(`\n── npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s ──\n`);
  process.stdout.write(output);
}
process.exit(Math.max(0, ...results.map((result) => result.code)));
