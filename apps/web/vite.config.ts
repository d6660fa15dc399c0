import { fileURLToPath, URL } from 'node:url';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { flagImages } from './flag-images-plugin.ts';
import { precompress } from './precompress-plugin.ts';

const apiTarget = process.env.CAUSEWAY_API_URL ?? 'http://127.0.0.1:8080';
const testing = process.env.VITEST !== undefined;

/**
 * The app runs on Preact through preact/compat, not React (decision 011): react-dom alone was 62 kB
 * of brotli in every first load, more than the whole budget left for it (issue 16: 100 kB for
 * /en/login-v2). The code and its libraries (react-router, TanStack Query, Radix, react-i18next)
 * still import `react`; these aliases, Preact's documented ones, hand them preact/compat instead, in
 * the build and in the tests alike (the root vitest.config.ts also runs those libraries through them).
 */
const preactAliases = [
  // preact/compat with a useId of its own (src/react-on-preact.ts says why).
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/react-on-preact.ts', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // react-i18next's shim for React 17: preact/compat has useSyncExternalStore itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [
    // JSX for Preact (Oxc), hot reload (Prefresh) and Preact's debug checks in `npm run dev`; the
    // tests run what ships, without either.
    preact({ reactAliasesEnabled: false, ...(testing ? { prefreshEnabled: false, devToolsEnabled: false } : {}) }),
    tailwindcss(),
    flagImages(),
    precompress(),
    {
      // react-router reads React 19's use() and useOptimistic when React has them and does without
      // them otherwise (as on React 18): their absence from preact/compat is expected, not a mistake.
      name: 'causeway-react-router-on-preact',
      onLog: (_level, log) => !(log.code === 'IMPORT_IS_UNDEFINED' && /[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? '')),
    },
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
  },
  build: {
    // The manifest lets bench/ weigh the initial JS of every entry route.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs on (Preact, the router, the texts, TanStack Query) as one chunk: split by
          // whichever pages share which parts, they came as a dozen small files, and each file costs its own
          // compression start and import glue in every first load (issue 16's budgets).
          groups: [{ name: 'framework', test: /node_modules[\\/](preact|i18next|react-i18next|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
  // The server's own pages too: the default legal pages (/en/legal/terms, ...), the operator's pages and the site icon.
  server: {
    proxy: {
      '/prod-api': apiTarget,
      '/sandbox': apiTarget,
      '/uploads': apiTarget,
      '/help-centre': apiTarget,
      '/operator': apiTarget,
      '^/(en|zh)/legal/': apiTarget,
      '/favicon.ico': apiTarget,
    },
  },
});
