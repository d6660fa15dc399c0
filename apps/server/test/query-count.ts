import { createIdentityTestApp, type IdentityTestApp } from './identity-helpers.ts';

/** Transaction control: PostgreSQL's driver reports begin and commit, PGlite's does not, so they are never counted. */
const TRANSACTION_CONTROL = /^(begin|commit|rollback|savepoint|release)\b/i;

/**
 * A test app that tells the statements a piece of work sends (issue 16's query budgets: a quote, an
 * order, a sign-in). `statementsOf` runs the work and answers what it sent, transaction control aside.
 */
export async function createQueryCountingApp(): Promise<{
  t: IdentityTestApp;
  statementsOf(work: () => Promise<unknown>): Promise<string[]>;
}> {
  const sent: string[] = [];
  let counting = false;
  const t = await createIdentityTestApp({}, { onQuery: (sql) => counting && sent.push(sql) });
  return {
    t,
    async statementsOf(work) {
      sent.length = 0;
      counting = true;
      try {
        await work();
      } finally {
        counting = false;
      }
      return sent.filter((sql) => !TRANSACTION_CONTROL.test(sql));
    },
  };
}
