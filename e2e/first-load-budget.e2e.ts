// Issue 16, item 2: the first-load budgets, on the build `npm test` has just made (apps/web/dist),
// weighed as `npm run bench` weighs them (bench/page-weight.ts: brotli of every chunk of the route's
// first load, from the Vite manifest). No browser: the e2e project is the one that runs after the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRY_ROUTES, FIRST_LOAD_BUDGETS, firstLoadOf, KB, LOADED_LATER, readBuild } from '../apps/web/first-load.ts';
import { measureRouteWeights } from '../bench/page-weight.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(repoRoot, 'apps/web/dist');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

describe('first loads (issue 16: within budget; what a page needs later loads later)', () => {
  const weights = measureRouteWeights(distDir, ENTRY_ROUTES);

  it.each(weights.map((weight) => [weight.route, weight] as const))('%s is within its budget', (route, weight) => {
    const budget = FIRST_LOAD_BUDGETS[route as keyof typeof ENTRY_ROUTES];
    expect(
      weight.brotliBytes,
      `${route}: ${kb(weight.brotliBytes)} of brotli in ${weight.files} files, over ${kb(budget)}`,
    ).toBeLessThanOrEqual(budget);
  });

  it('no first load holds the dialogs, the sanitiser, the help widget or Zod', () => {
    const { manifest, entry } = readBuild(distDir);
    for (const [route, page] of Object.entries(ENTRY_ROUTES)) {
      const chunks = [...firstLoadOf(manifest, entry, page)];
      for (const module of LOADED_LATER.modules) expect(chunks, `${route} loads ${module} at once`).not.toContain(module);
      const names = chunks.map((key) => manifest[key]?.name);
      for (const name of LOADED_LATER.chunkNames) expect(names, `${route} loads ${name} at once`).not.toContain(name);
      for (const key of chunks) {
        const code = fs.readFileSync(path.join(distDir, manifest[key]!.file), 'utf8');
        // Zod's errors name themselves so: a schema on a page brings the whole of Zod (some 22 kB of brotli).
        expect(code.includes('$ZodError'), `${route} loads Zod at once (in ${manifest[key]!.file})`).toBe(false);
      }
    }
  });
});
