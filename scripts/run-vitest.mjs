// Runs every test suite for `npm test`: the end-to-end suite beside the others, not after them.
//
// Vitest runs a project whose files go one at a time (e2e: one server, one demo account) only once the
// parallel projects are done, so its files, which mostly wait on a browser and a server, added their
// whole length to the run on CI's two cores (342 s of e2e after 480 s of the rest). Two Vitest
// processes overlap them: the e2e files on their own, everything else with its two workers. The e2e
// output is held and printed after the other suites', so neither log is interleaved; the exit code
// is the worse of the two.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const vitest = (args, { capture }) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks = [];
    if (capture) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });

const extra = process.argv.slice(2);
// A filter given on the command line may match no file of one side: that side has nothing to do.
const e2e = vitest(['--project', 'e2e', '--passWithNoTests', ...extra], { capture: true });
// Three workers for the rest, on two cores: the e2e side spends much of its time waiting (the browser, the sandbox's
// timed reviews and blocks), and the rest is the longer side (730 s against 517 s in CI on 6786355), so a third
// worker takes the cores the e2e side leaves idle.
const rest = await vitest(['--project', '!e2e', '--passWithNoTests', '--maxWorkers', '3', ...extra], { capture: false });
const endToEnd = await e2e;
process.stdout.write('\n── end-to-end suite (ran beside the others) ──\n');
process.stdout.write(endToEnd.output);
process.exit(Math.max(rest.code, endToEnd.code));
