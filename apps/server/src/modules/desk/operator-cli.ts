import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OPERATOR_ROLES, type OperatorRole } from '@causeway/contracts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { loadServerSecret } from '../../platform/server-secret.repository.ts';
import { createDeskRepository } from './desk.repository.ts';
import { createOperatorAccounts, newOperatorPassword } from './operator-accounts.ts';
import { createOperatorTotp, deskTotpKey } from './operator-totp.ts';

export const OPERATOR_CLI_USAGE = `Operators of the desk (docs/rules/operator-desk.md):
  npm run desk:operator -- create --email <email> --role <support|compliance|admin> [--name <display name>]
  npm run desk:operator -- reset --email <email>      a new password, and a new authenticator at the next sign-in
  npm run desk:operator -- disable --email <email>    no more sign-in; the operator's sessions end
  npm run desk:operator -- enable --email <email>
  npm run desk:operator -- list
It uses the server's settings (DATABASE_URL or DATA_DIR, SECRET_KEY, PUBLIC_URL). On the embedded database
(PGlite) stop the server first: one process at a time holds DATA_DIR.`;

/** `--name value` pairs of the arguments after the command. */
function options(args: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const name = /^--([a-z]+)$/.exec(args[index] ?? '')?.[1];
    const value = args[index + 1];
    if (!name || value === undefined || value.startsWith('--')) throw new UsageError(`expected --option value, got ${args[index]}`);
    found[name] = value;
    index += 1;
  }
  return found;
}

export class UsageError extends Error {}

const isRole = (value: string | undefined): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value ?? '');

/**
 * The command line's work on an open database: answers what to print. A password is printed once, here,
 * and kept nowhere but as its hash.
 */
export async function runOperatorCli(
  args: readonly string[],
  deps: { database: DatabaseHandle; secretKey: string | undefined; publicUrl: string | undefined; now?: () => Date },
): Promise<string> {
  const [command, ...rest] = args;
  const given = options(rest);
  const serverSecret = await loadServerSecret(deps.database.db, deps.secretKey);
  const accounts = createOperatorAccounts({
    repository: createDeskRepository(deps.database.db),
    totp: createOperatorTotp(deskTotpKey(serverSecret)),
    now: deps.now ?? (() => new Date()),
  });
  const desk = `${(deps.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '')}/en/desk`;
  const email = given.email?.trim().toLowerCase();
  switch (command) {
    case 'create': {
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError('create needs --email <email>');
      if (!isRole(given.role)) throw new UsageError(`create needs --role, one of ${OPERATOR_ROLES.join(', ')}`);
      const password = newOperatorPassword();
      const displayName = (given.name ?? email.split('@')[0] ?? email).slice(0, 100);
      if (!(await accounts.create({ email, displayName, role: given.role, password })))
        return `An operator with ${email} exists already: nothing changed.`;
      return [
        `Operator ${email} (${given.role}) created.`,
        `One-time password (shown now only): ${password}`,
        `Sign in at ${desk}: the first sign-in shows the authenticator's QR code once, then asks for its code.`,
      ].join('\n');
    }
    case 'reset': {
      if (!email) throw new UsageError('reset needs --email <email>');
      const password = await accounts.reset(email);
      if (!password) return `No operator has ${email}.`;
      return [
        `Operator ${email}: password replaced and sessions ended.`,
        `One-time password (shown now only): ${password}`,
        `Sign in at ${desk}: it shows a new authenticator QR code once.`,
      ].join('\n');
    }
    case 'disable':
    case 'enable': {
      if (!email) throw new UsageError(`${command} needs --email <email>`);
      const status = command === 'disable' ? 'Disabled' : 'Active';
      return (await accounts.setStatus(email, status)) ? `Operator ${email}: ${status}.` : `No operator has ${email}.`;
    }
    case 'list': {
      const rows = await accounts.list();
      if (rows.length === 0) return 'No operators yet: create one with `npm run desk:operator -- create --email … --role admin`.';
      return rows
        .map((row) => `${row.email}\t${row.role}\t${row.status}\t${row.totpEnrolledAt ? 'enrolled' : 'not enrolled'}\t${row.displayName}`)
        .join('\n');
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(config.DATA_DIR) });
  try {
    await database.migrate();
    process.stdout.write(
      `${await runOperatorCli(process.argv.slice(2), {
        database,
        secretKey: config.SECRET_KEY,
        publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      })}\n`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${OPERATOR_CLI_USAGE}\n`);
    else if (error instanceof ConfigError || error instanceof DataDirLockedError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`desk:operator failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
