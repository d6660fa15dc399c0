// Runs in a child process of bench/run.ts so the load generator and the servers do not share an
// event loop: a bare Fastify route (the baseline) and the real app on a fresh embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/prepare.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-bench-'));

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 200, code: '000000', msg: '', data: [] }));
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

const databaseUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await prepareDatabase(database, { demoData: true });
// Logging at warn: request logs would measure the terminal, not the server.
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir }), database });
const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });

process.send?.({ bareAddress, appAddress, databaseKind: database.kind });
process.on('disconnect', async () => {
  await Promise.all([bare.close(), app.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
