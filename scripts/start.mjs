// `npm start`: builds the web app when it is missing or older than its sources, the SDK's bundle likewise,
// and the migrated database snapshot when a migration is newer, then runs the server (migrations and seed data
// apply at boot). Signals are passed on so Ctrl-C and SIGTERM shut the server down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/flag-images-plugin.ts',
  'apps/web/precompress-plugin.ts',
  'packages/contracts/src',
  'packages/translations/src',
  'packages/wallet-address/src',
  'packages/sdk/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed: rebuilding the web app…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@causeway/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The SDK's browser bundle, which the sandbox merchant page (/sandbox/merchant) serves: built again when its
// sources (or its build script) are newer than it.
const sdkBuiltAt = newestMtime(path.join(root, 'packages/sdk/dist/index.js'));
const sdkSourcesAt = Math.max(newestMtime(path.join(root, 'packages/sdk/src')), newestMtime(path.join(root, 'packages/sdk/build.mjs')));
if (sdkBuiltAt < sdkSourcesAt) {
  console.log(sdkBuiltAt === 0 ? 'Building the SDK (first start)…' : 'SDK sources changed: rebuilding the SDK…');
  const sdk = spawnSync('npm', ['run', 'build', '--workspace', '@causeway/sdk'], { cwd: root, stdio: 'inherit' });
  if (sdk.status !== 0) process.exit(sdk.status ?? 1);
}

// The migrated schema's snapshot, which a new DATA_DIR starts from instead of initdb and every
// migration (apps/server/src/db/make-pglite-snapshot.ts): made again when a migration is newer.
const snapshotsAt = newestMtime(path.join(root, 'apps/server/.cache'));
if (snapshotsAt < newestMtime(path.join(root, 'apps/server/drizzle'))) {
  const snapshot = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/make-pglite-snapshot.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (snapshot.status !== 0) process.exit(snapshot.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
