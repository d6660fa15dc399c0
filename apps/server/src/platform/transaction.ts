import { AsyncLocalStorage } from 'node:async_hooks';

/** What a unit of work needs from a database: Drizzle's `transaction`, on PGlite and PostgreSQL alike. */
interface Transactional {
  // Drizzle's transaction types differ per driver; what matters is the shape: work(tx) → its result.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  transaction(work: (tx: any) => Promise<any>): Promise<any>;
}

interface OpenTransaction {
  root: object;
  tx: object;
  /** False once the transaction has committed or rolled back: work it started that outlives it runs on the pool. */
  open: boolean;
  /** What `afterCommit` asked to run once this transaction's writes are committed (a savepoint hands its own to its parent). */
  afterCommit: Array<() => void>;
}

/** The transaction the running code is inside, if any: it travels with the async call chain. */
const current = new AsyncLocalStorage<OpenTransaction>();

/**
 * One unit of work per call chain. `db` is the database every repository holds: each query it
 * runs goes to the transaction the caller opened (by `transaction`, anywhere up the call chain),
 * else to the pool. So services group writes of several repositories into one transaction
 * without passing it down, and a query inside a transaction can never go to another connection:
 * on PGlite, which has one connection, that query would wait for the transaction for ever.
 */
export interface UnitOfWork<Db> {
  /** The database repositories use: the caller's transaction when there is one, else the pool. */
  readonly db: Db;
  /** Runs `work` in one transaction; inside another one it joins it (one commit, one rollback). */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` in a savepoint of the current transaction (a transaction of its own outside one):
   * a failure rolls back `work` only, so the caller can catch it and go on (a refused overdraft).
   */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the running code is inside a transaction of this database. */
  inTransaction(): boolean;
}

/** What a service needs to group the writes of several repositories: the unit of work's `transaction`. */
export type RunInTransaction = <T>(work: () => Promise<T>) => Promise<T>;

export function createUnitOfWork<Db extends Transactional>(root: Db): UnitOfWork<Db> {
  const active = (): Db | undefined => {
    const store = current.getStore();
    return store && store.open && store.root === root ? (store.tx as Db) : undefined;
  };
  const begin = async <T>(on: Transactional, work: () => Promise<T>): Promise<T> => {
    const parent = current.getStore();
    const store: OpenTransaction = { root, tx: root, open: true, afterCommit: [] };
    const result = (await on.transaction(async (tx: object) => {
      store.tx = tx;
      try {
        return await current.run(store, work);
      } finally {
        store.open = false;
      }
    })) as T;
    // Committed: a savepoint's hooks wait for its parent's commit; the outermost transaction's run now.
    if (parent?.open && parent.root === root) parent.afterCommit.push(...store.afterCommit);
    else for (const hook of store.afterCommit) hook();
    return result;
  };

  const transaction = <T>(work: () => Promise<T>): Promise<T> => (active() ? work() : begin(root, work));
  const savepoint = <T>(work: () => Promise<T>): Promise<T> => begin(active() ?? root, work);

  // Every property is read from the open transaction at the moment it is used, so a repository
  // built once at start-up follows whatever transaction its caller is in.
  const db = new Proxy(root, {
    get(target, property) {
      if (property === 'transaction') {
        // Code written against Drizzle's `db.transaction((tx) => …)` joins too; tx is this same proxy.
        return <T>(work: (tx: Db) => Promise<T>) => transaction(() => work(db));
      }
      const on = active() ?? target;
      const value: unknown = Reflect.get(on, property, on);
      return typeof value === 'function' ? value.bind(on) : value;
    },
  });

  return { db, transaction, savepoint, inTransaction: () => active() !== undefined };
}

/**
 * Runs `hook` once the caller's transaction has committed, or at once outside one; never when it
 * rolls back. For what may only be remembered when the writes it saw are for good (a cache).
 */
export function afterCommit(hook: () => void): void {
  const store = current.getStore();
  if (store?.open) store.afterCommit.push(hook);
  else hook();
}

/** What Drizzle's `.prepare(name)` answers: a query built once, run with its placeholders' values. */
interface PreparedLike<Params, Result> {
  execute(params?: Params): Promise<Result>;
}

/**
 * A hot query built once (Drizzle's SQL building costs more CPU than the round trip on a busy
 * server) and run on the pool as a named prepared statement, parsed once per connection. A
 * prepared query is tied to the pool it was built on, so inside a transaction the query is built
 * afresh on it instead: the read must see the transaction's own writes and, on PGlite, must not
 * wait for the one connection the transaction holds.
 */
export function preparedQuery<Db, Params, Result>(
  db: Db,
  build: (db: Db) => PreparedLike<Params, Result>,
): (params: Params) => Promise<Result> {
  let onPool: PreparedLike<Params, Result> | undefined;
  return (params) => {
    if (current.getStore()?.open) return build(db).execute(params);
    onPool ??= build(db);
    return onPool.execute(params);
  };
}
