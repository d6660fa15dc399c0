import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { prepareDatabase } from './prepare-database.ts';
import { hasSandboxTools } from './platform/deployment-mode.ts';
import { BootChecksFailedError, checkVendorsAtBoot } from './providers/boot-checks.ts';
import { chooseProvider } from './providers/provider-kinds.ts';

/** Starts Causeway: config, database (migrated and seeded), HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Production proves each configured vendor's keys before anything opens (BOOT_CHECKS=off skips it; sandbox mode calls nothing).
  const checked = await checkVendorsAtBoot(config);
  if (checked.length > 0)
    process.stdout.write(`Outside services checked:\n${checked.map((result) => `  - ${result.message}`).join('\n')}\n`);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(config.DATA_DIR) });
  try {
    await prepareDatabase(database, {
      secretKey: config.SECRET_KEY,
      demoData: hasSandboxTools(config),
      cardProcessor: chooseProvider(config, 'card-processor').vendor,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await app.close(); // stops accepting, waits for requests in flight, closes the database
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const shown = config.PUBLIC_URL ?? address.replace('://127.0.0.1', '://localhost');
  // Printed plainly (not only as a log line) so people and scripts find the URL.
  process.stdout.write(
    `\nCauseway is running on ${database.kind === 'pglite' ? `PGlite (${path.resolve(config.DATA_DIR)})` : 'PostgreSQL'}\n  Open ${shown}\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BootChecksFailedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Causeway failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
