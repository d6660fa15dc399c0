// A migrated PGlite data directory as a tarball, made once per set of migrations by
// make-pglite-snapshot.ts (`npm run build`, or `npm start` when a migration is newer): a new
// DATA_DIR unpacks it instead of running initdb, every migration and the content seeds, which were
// most of a first start. It holds the schema and the built-in content (reference data, help
// centre) only: no secret, no person, nothing of an install (prepareDatabase makes those).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { paths } from '../config.ts';

export const cacheDir = path.join(paths.serverRoot, '.cache');
const seedDir = path.join(paths.serverRoot, 'src/db/seed');

/** Named by what it holds: the migrations, the seeds and PGlite's version (another one may not read it). */
export function snapshotPath(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  // The migrations and the content seeded into it: a change to either makes another snapshot.
  for (const file of [...listFiles(paths.migrations), ...listFiles(seedDir)])
    hash.update(`${path.relative(paths.serverRoot, file)}\n`).update(fs.readFileSync(file));
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
