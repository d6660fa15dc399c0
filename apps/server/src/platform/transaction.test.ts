import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { appSecrets } from '../db/schema/index.ts';
import { afterCommit, preparedQuery } from './transaction.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A row of a small table nobody else in this file writes: one named value. */
const write = (name: string) => database.db.insert(appSecrets).values({ name, value: 'x' });
const exists = async (name: string) => (await database.db.select().from(appSecrets).where(eq(appSecrets.name, name))).length === 1;
const backendPid = async () => {
  const result = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, txid_current() as txid`);
  return (result as unknown as { rows: Array<{ pid: number; txid: string }> }).rows[0]!;
};

describe('one unit of work (platform/transaction.ts)', () => {
  it('a query made through the shared db inside a transaction runs in it, and finishes on PGlite too', async () => {
    // Before: a repository holding the pool, called inside another's transaction, waited for ever on
    // PGlite (one connection, held by the transaction). Now it joins the transaction by construction.
    const inside = await database.unitOfWork.transaction(async () => {
      await write('uow-joined');
      // The same transaction sees its own uncommitted row, through the same shared db.
      return { seen: await exists('uow-joined'), ids: await backendPid(), again: await backendPid() };
    });
    expect(inside.seen).toBe(true);
    expect(inside.ids.txid).toBe(inside.again.txid);
    expect(await exists('uow-joined')).toBe(true);
  });

  it('a nested transaction joins the outer one: one rollback undoes both', async () => {
    await expect(
      database.unitOfWork.transaction(async () => {
        await write('uow-outer');
        await database.unitOfWork.transaction(async () => {
          await write('uow-inner');
          // Drizzle-style code joins too.
          await database.db.transaction(async (tx) => {
            await tx.insert(appSecrets).values({ name: 'uow-drizzle-style', value: 'x' });
          });
        });
        throw new Error('the outer work fails');
      }),
    ).rejects.toThrow('the outer work fails');
    expect(await exists('uow-outer')).toBe(false);
    expect(await exists('uow-inner')).toBe(false);
    expect(await exists('uow-drizzle-style')).toBe(false);
  });

  it('a savepoint rolls back only its own work, and the caller goes on', async () => {
    await database.unitOfWork.transaction(async () => {
      await write('uow-kept');
      await expect(
        database.unitOfWork.savepoint(async () => {
          await write('uow-undone');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await write('uow-after');
    });
    expect(await exists('uow-kept')).toBe(true);
    expect(await exists('uow-undone')).toBe(false);
    expect(await exists('uow-after')).toBe(true);
  });

  it('work that outlives its transaction runs on the pool, not on the closed transaction', async () => {
    let later: Promise<boolean> | undefined;
    let resume: () => void = () => {};
    const gate = new Promise<void>((resolve) => (resume = resolve));
    await database.unitOfWork.transaction(async () => {
      expect(database.unitOfWork.inTransaction()).toBe(true);
      later = gate.then(async () => {
        expect(database.unitOfWork.inTransaction()).toBe(false);
        await write('uow-later');
        return exists('uow-later');
      });
    });
    resume();
    expect(await later).toBe(true);
  });

  it('outside any transaction, queries use the pool', async () => {
    expect(database.unitOfWork.inTransaction()).toBe(false);
    await write('uow-plain');
    expect(await exists('uow-plain')).toBe(true);
  });

  it('afterCommit runs once the outermost transaction commits, never after a rollback; a savepoint hands its hooks to its parent', async () => {
    const ran: string[] = [];
    afterCommit(() => ran.push('outside: at once'));
    await database.unitOfWork.transaction(async () => {
      afterCommit(() => ran.push('outer'));
      await database.unitOfWork.savepoint(async () => {
        afterCommit(() => ran.push('kept savepoint'));
      });
      await database.unitOfWork
        .savepoint(async () => {
          afterCommit(() => ran.push('rolled-back savepoint'));
          throw new Error('refused');
        })
        .catch(() => {});
      // Nothing runs before the commit: the writes are not for good yet.
      expect(ran).toEqual(['outside: at once']);
    });
    expect(ran).toEqual(['outside: at once', 'outer', 'kept savepoint']);
    await expect(
      database.unitOfWork.transaction(async () => {
        afterCommit(() => ran.push('rolled back'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(ran).not.toContain('rolled back');
  });

  it('a prepared query runs on the pool outside a transaction and in the transaction inside one (it sees its own writes)', async () => {
    const named = preparedQuery(database.db, (db) =>
      db
        .select()
        .from(appSecrets)
        .where(eq(appSecrets.name, sql.placeholder('name')))
        .prepare('test_secret_by_name'),
    );
    expect(await named({ name: 'uow-prepared' })).toEqual([]);
    await database.unitOfWork.transaction(async () => {
      await write('uow-prepared');
      expect(await named({ name: 'uow-prepared' })).toHaveLength(1);
    });
    expect(await named({ name: 'uow-prepared' })).toHaveLength(1);
  });
});
