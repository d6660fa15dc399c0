import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The server test files that also run on PostgreSQL. PGlite is PostgreSQL itself (compiled to
 * WebAssembly) with one connection: the same SQL, constraints, triggers and migrations. What only a
 * server with many connections shows is concurrency: row locks, races, counting under load, and the
 * job leases. So the PostgreSQL suite runs every file that sends requests at once (Promise.all), every
 * money flow, the ledger, the migrations, the jobs and the repositories; the rest (routes, rules,
 * providers, pages: 2/3 of the files) would run the same statements one at a time, again, for about
 * 2 minutes of CI's 15.
 */
function postgresServerFiles(): string[] {
  const root = fileURLToPath(new URL('./apps/server/', import.meta.url));
  const files = ['src', 'test'].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`),
  );
  const byName = /flow|ledger|settlement|recovery|repository|migration|concurren|race|lock|^src\/db\/|^src\/jobs\//;
  return files.filter((file) => byName.test(file) || /Promise\.all/.test(fs.readFileSync(path.join(root, file), 'utf8')));
}

// One runner for every suite. The PostgreSQL server suite joins only when TEST_DATABASE_URL is set.
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: db === 'postgres' ? postgresServerFiles() : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Worker threads rather than forked processes: no process to start per worker.
    pool: 'threads' as const,
    // One module graph per worker, not per file: every file loads the whole server (Fastify, Drizzle,
    // Zod, the providers), and loading it anew per file was more than half of the suite's time
    // (PGlite 185 s → 125 s, PostgreSQL 133 s → 62 s on 2 cores). It is safe because a file shares no
    // state with another through modules: each builds its own app on its own database clone, and
    // nothing a test needs lives in a module-level variable (the one vi.mock, in legal.routes.test,
    // wraps the real page renderer without changing what it returns).
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DB: db },
    // The e2e suite runs beside this one (scripts/run-vitest.mjs): on two loaded cores a test that migrates
    // or drives a whole flow can pass 20 s without hanging. A hang still ends here.
    testTimeout: 40_000,
    hookTimeout: 60_000,
  },
});

/**
 * Libraries of the web app that import react or react-dom, which the web tests must hand preact/compat,
 * and Preact itself, so that all of them share one copy of it.
 */
const WEB_REACT_LIBRARIES =
  /[\\/]node_modules[\\/](preact|@testing-library[\\/]react|@radix-ui|react-router|@tanstack[\\/]react-query|react-i18next|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|use-sync-external-store)[\\/]/;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores every file ran one after
    // another (18 min). Each server test file has its own database clone, so two run side by side.
    maxWorkers: 2,
    reporters: ['default', './scripts/vitest-summary-reporter.ts'],
    projects: [
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          // One jsdom per worker, a fresh window (VM context) per file: with the default forks pool
          // every file loaded jsdom anew, the largest single cost of the web suite (about half of it
          // on a typical file). The catch: a class from Node or an externalised package belongs to
          // another realm than the file's, so an instanceof across the two can fail (none does today).
          pool: 'vmThreads',
          // The end-to-end suite runs beside this one on CI's two cores (scripts/run-vitest.mjs): a page test that
          // passes in 2 s alone can pass 5 s there without hanging. A hang still ends here.
          testTimeout: 15_000,
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          // The app runs on Preact (apps/web/vite.config.ts aliases react and react-dom to preact/compat):
          // the libraries that import react go through Vite here, so its aliases reach them too and
          // the tests run the Preact that ships, not a React that Node would find on its own.
          server: { deps: { inline: [WEB_REACT_LIBRARIES] } },
        },
        // The ES module builds, as the app's build takes them: the CommonJS ones Vitest would pick for
        // Node require react themselves, past the aliases.
        resolve: {
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
        },
      },
      { test: { name: 'packages', root: './packages', include: ['*/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', root: './scripts', include: ['*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
