// Makes the PGlite snapshot a new DATA_DIR starts from (pglite-snapshot.ts): run by `npm run build`
// and by `npm start` when a migration is newer than the snapshot.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { paths } from '../config.ts';
import { openDatabase } from './client.ts';
import { cacheDir, snapshotPath } from './pglite-snapshot.ts';
import { seedHelpCentre } from './seed/help-centre.ts';
import { seedReferenceData } from './seed/index.ts';

/** Makes the snapshot for today's migrations unless it exists; older ones go. Answers its path. */
export async function writeMigratedSnapshot(): Promise<string> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  try {
    // What every install holds alike; prepareDatabase seeds the rest (secrets, demo data) on first start.
    await database.migrate();
    await seedReferenceData(database.db);
    await seedHelpCentre(database.db, new Date());
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
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await writeMigratedSnapshot();
  // eslint-disable-next-line no-console -- a build step speaks to the terminal
  console.log(`PGlite snapshot of the migrated schema: ${path.relative(paths.repoRoot, file)}`);
}
