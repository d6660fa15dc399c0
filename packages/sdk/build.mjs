// Builds the publishable package into dist/: ES modules bundled per entry by Vite (library mode),
// .d.ts files by tsc, and a package.json of its own, so `npm publish packages/sdk/dist` publishes it.
// The workspace's package.json points at the TypeScript sources instead, for the monorepo's own use.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const source = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Entry name → source file; each becomes dist/<name>.js and a subpath of the published package. */
const ENTRIES = { index: 'src/index.ts', server: 'src/server.ts', react: 'src/react.tsx', events: 'src/events.ts' };
const SUBPATHS = { '.': 'index', './server': 'server', './react': 'react', './events': 'events' };
/** What the merchant's project provides: Node's modules, the webhook library and React. */
const EXTERNAL = [/^node:/, 'standardwebhooks', 'react', /^react\//];
/** The entries that run in a browser, and so must not reach Node's modules. */
const BROWSER_ENTRIES = ['index.js', 'react.js', 'events.js'];

rmSync(dist, { recursive: true, force: true });

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  build: {
    outDir: dist,
    emptyOutDir: true,
    target: 'es2022',
    // Readable output: the merchant's bundler minifies; a stack trace into our code stays legible.
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    lib: {
      entry: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: { external: EXTERNAL },
  },
});

// Declarations: tsc writes one .d.ts per source; their imports name the .ts sources (house style), which
// a consumer's TypeScript cannot follow, so they are rewritten to the .js files the .d.ts files stand for.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const declarations = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (declarations.status !== 0) throw new Error('tsc failed to write the declarations');
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.ts'))) {
  const text = readFileSync(path.join(dist, file), 'utf8');
  writeFileSync(path.join(dist, file), text.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.tsx?(['"])/g, '$1.js$2'));
}

const exportsMap = Object.fromEntries(
  Object.entries(SUBPATHS).map(([subpath, name]) => [subpath, { types: `./${name}.d.ts`, import: `./${name}.js` }]),
);
const published = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: 'Apache-2.0',
  type: 'module',
  exports: exportsMap,
  main: './index.js',
  types: './index.d.ts',
  sideEffects: false,
  engines: { node: '>=20' },
  dependencies: source.dependencies,
  peerDependencies: source.peerDependencies,
  peerDependenciesMeta: source.peerDependenciesMeta,
};
writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
copyFileSync(path.join(root, 'README.md'), path.join(dist, 'README.md'));

/** Every file a built entry loads, through the chunks Vite split out. */
function loadedFiles(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(path.join(dist, entry), 'utf8');
  for (const [, specifier] of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?['"](\.\/[^'"]+)['"]/g)) {
    loadedFiles(path.posix.normalize(specifier), seen);
  }
  return seen;
}
for (const entry of BROWSER_ENTRIES) {
  for (const file of loadedFiles(entry)) {
    if (/['"]node:|createHmac|standardwebhooks/.test(readFileSync(path.join(dist, file), 'utf8'))) {
      throw new Error(`dist/${entry} loads dist/${file}, which carries server-only code (node:crypto or the webhook library)`);
    }
  }
}
// Every subpath the package.json names must exist (readFileSync throws on a missing one).
for (const name of Object.values(SUBPATHS)) for (const file of [`${name}.js`, `${name}.d.ts`]) readFileSync(path.join(dist, file));
process.stdout.write(
  `Built ${published.name}@${published.version} into ${path.relative(process.cwd(), dist) || '.'}: ${readdirSync(dist).length} files\n`,
);
