// Runs in a child process of bench/run.ts so the load generator and the servers do not share an
// event loop: a bare Fastify route (the baseline) and the real app on a fresh database, the
// embedded one by default, or a fresh PostgreSQL database with BENCH_POSTGRES_URL (an admin URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.ts';
import { orders } from '../apps/server/src/db/schema/index.ts';
import { prepareDatabase } from '../apps/server/src/prepare-database.ts';
import { prepareBuyers, prepareDepositors, prepareSignInAccounts } from './buyers.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-bench-'));

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ status: 200, code: '000000', msg: '', data: [] }));
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });

/** A database of its own on the PostgreSQL server, dropped at the end. */
async function freshPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `causeway_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const postgres = process.env.BENCH_POSTGRES_URL ? await freshPostgres(process.env.BENCH_POSTGRES_URL) : null;
const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
await prepareDatabase(database, { demoData: true });
// Logging at warn: request logs would measure the terminal, not the server.
// The bench stands for many people behind one load balancer (the loopback client): each sign-in names
// its own client address, as a proxy would, so the per-address password limit counts people, not the bench.
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' }), database });
const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });
// Twice the connections: the warm-up's connections take the first 16 buyers and the measured run's
// the next 16 (orders-bench.ts's picker goes on counting), so an order the warm-up left in flight
// never meets the same buyer's next quote (their first 3 orders' discount would be used up under it).
const buyers = postgres ? await prepareBuyers(app, database.db, 32) : [];
const signInEmails = await prepareSignInAccounts(database.db, 64);
// Deposits are measured beside the orders, on PostgreSQL: four people, each credit naming one of them.
const depositors = postgres ? await prepareDepositors(app, database.db, 4) : [];

/**
 * After the orders' load: waits (at most a minute) for the worker to bring every order to its
 * final step, then answers how the orders ended and whether the ledger's trial balance is zero in
 * every currency. Run by the bench after measuring orders (issue 16: every order settles, the books balance).
 */
async function settleAndCheck() {
  const openOrders = async () =>
    Number(
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(isNull(orders.completedAt))
      )[0]!.n,
    );
  const endsAt = Date.now() + 60_000;
  let open = await openOrders();
  while (open > 0 && Date.now() < endsAt) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    open = await openOrders();
  }
  const byStatus = Object.fromEntries(
    (
      await database.db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status)
    ).map((row) => [row.status, Number(row.n)]),
  );
  const openSteps = Object.fromEntries(
    (
      await database.db
        .select({ step: orders.step, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(isNull(orders.completedAt))
        .groupBy(orders.step)
    ).map((row) => [row.step, Number(row.n)]),
  );
  const trialBalance = Object.fromEntries(
    [...(await app.orders.ledger.trialBalance())].map(([currency, total]) => [currency, total.toFixed()]),
  );
  // When orders are left open: what their jobs are doing (due, leased, failing), for the bench's error.
  const jobsLeft =
    open === 0
      ? []
      : rowsOf(
          await database.db.execute(
            sql`select kind, count(*)::int as n, count(*) filter (where lease_until > now())::int as leased,
              count(*) filter (where run_at <= now())::int as due, max(attempts)::int as most_attempts, min(run_at) as oldest_run_at
              from jobs where done_at is null group by kind`,
          ),
        );
  // On PostgreSQL, what each connection of the database is doing (a lock wait, a transaction left open).
  const sessions =
    open === 0 || database.kind !== 'postgres'
      ? []
      : rowsOf(
          await database.db.execute(
            sql`select state, wait_event_type, wait_event, left(query, 160) as query, now() - xact_start as in_transaction
              from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          ),
        );
  return {
    open,
    openSteps,
    jobsLeft,
    sessions,
    settledInMs: Date.now() - (endsAt - 60_000),
    byStatus,
    balanced: Object.values(trialBalance).every((total) => Number(total) === 0),
    trialBalance,
  };
}

process.on('message', async (message) => {
  if ((message as { kind?: string }).kind === 'settle') process.send?.({ kind: 'settled', ...(await settleAndCheck()) });
});

process.send?.({ bareAddress, appAddress, databaseKind: database.kind, buyers, signInEmails, depositors });
process.on('disconnect', async () => {
  await Promise.all([bare.close(), app.close()]);
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
