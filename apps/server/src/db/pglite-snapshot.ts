// A migrated, empty PGlite data directory as a tarball, made once per set of migrations (by
// `npm run build`, or by `npm start` when it is missing): a new DATA_DIR unpacks it instead of
// running initdb and every migration, which is most of a first start. It holds the schema only:
// no secret, no person, nothing of an install (prepareDatabase seeds those on first start).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { paths } from '../config.ts';

const cacheDir = path.join(paths.serverRoot, '.cache');

/** Named by what it holds: the migration files and PGlite's version (another one may not read it). */
function snapshotPath(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  for (const file of listFiles(paths.migrations)) hash.update(`${path.relative(paths.migrations, file)}\n`).update(fs.readFileSync(file));
  return path.join(cacheDir, `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The installed PGlite's version, from the package.json above its entry file. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

/** The snapshot for today's migrations, or undefined when none was made (first start then runs initdb). */
export function readMigratedSnapshot(): Blob | undefined {
  const file = snapshotPath();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Makes the snapshot for today's migrations unless it exists; older ones go. Answers its path. */
export async function writeMigratedSnapshot(): Promise<string> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: paths.migrations });
    const tarball = await client.dumpDataDir('none');
    fs.mkdirSync(cacheDir, { recursive: true });
    // Snapshots of older migrations go (another writer's partial file is its own to rename).
    for (const old of fs.readdirSync(cacheDir).filter((name) => name.startsWith('pglite-migrated-') && name.endsWith('.tar')))
      fs.rmSync(path.join(cacheDir, old), { force: true });
    // Written whole, then renamed: a start never reads half a snapshot.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(partial, file);
    return file;
  } finally {
    await client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await writeMigratedSnapshot();
  // eslint-disable-next-line no-console -- a build step speaks to the terminal
  console.log(`PGlite snapshot of the migrated schema: ${path.relative(paths.repoRoot, file)}`);
}
