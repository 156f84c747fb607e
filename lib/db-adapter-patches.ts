import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { PrismaPg } from "@prisma/adapter-pg";

/**
 * The two fixes prisma.config.ts applies to the driver adapters the Prisma CLI migrates through.
 * Kept here, apart from the config, so that a test can run each against a real database
 * (lib/db-adapter-patches.test.ts).
 */

/**
 * Prisma 6.19's shadow database replays migrations through better-sqlite3's single-statement
 * run(); multi-statement migrations then fail with P3006. Routes plain scripts (no arguments) to
 * executeScript.
 */
export function sqliteShadowScripts(factory: PrismaBetterSQLite3): PrismaBetterSQLite3 {
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const shadow = await connectToShadowDb();
    const executeRaw = shadow.executeRaw.bind(shadow);
    shadow.executeRaw = async (query) => {
      if (query.args.length === 0) {
        await shadow.executeScript(query.sql);
        return 0;
      }
      return executeRaw(query);
    };
    return shadow;
  };
  return factory;
}

/**
 * @prisma/adapter-pg 6.19 runs a migration by splitting it on every ";" — inside a function body,
 * a string or a comment too — and sending the pieces one by one. PostgreSQL's simple query
 * protocol takes the whole script at once, as one implicit transaction: send it as written.
 */
export function postgresWholeScripts(factory: PrismaPg): PrismaPg {
  const wholeScripts = <A extends Awaited<ReturnType<PrismaPg["connect"]>>>(adapter: A): A => {
    adapter.executeScript = async (script) => {
      await adapter.underlyingDriver().query(script);
    };
    return adapter;
  };
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => wholeScripts(await connect());
  factory.connectToShadowDb = async () => wholeScripts(await connectToShadowDb());
  return factory;
}

type SqliteAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type RawClient = { prepare(sql: string): { run(): unknown } };

/** SQLITE_BUSY from better-sqlite3 itself, or as the adapter's DriverAdapterError carries it. */
export function isSqliteBusy(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { originalCode?: unknown } } | null;
  return /^SQLITE_BUSY/.test(String(e?.code ?? e?.cause?.originalCode ?? ""));
}

/**
 * better-sqlite3 waits for a lock another process holds (a backup, the admin CLI) inside its
 * synchronous call: with a 10 s busy timeout the whole process — health, static pages, reads —
 * stopped for up to 10 s. Here the connection's own busy wait is short (the caller opens it with a
 * timeout of a few ms) and the wait for the lock happens between attempts, on timers, so the
 * event loop keeps serving: a statement refused with SQLITE_BUSY is run again with backoff
 * (5 ms doubling to 50 ms: two processes taking turns must not sleep while the lock is free) for at most `boundMs`, then the busy error is thrown (the request
 * answers 503 dependency_unavailable). A statement that got SQLITE_BUSY changed nothing, so
 * running it again is safe. A transaction takes the write lock at its start (BEGIN IMMEDIATE, waited
 * for the same way): inside it no statement can meet the lock any more, which a retry in the middle
 * of a transaction could not repair.
 */
export function sqliteLockWaitOffLoop(adapter: SqliteAdapter, boundMs: number): SqliteAdapter {
  const client = (adapter as unknown as { client: RawClient }).client;
  const queryRaw = adapter.queryRaw.bind(adapter);
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.queryRaw = (query) => whileLocked(() => queryRaw(query), boundMs);
  adapter.executeRaw = (query) => whileLocked(() => executeRaw(query), boundMs);
  // One transaction at a time on the one connection, as the adapter's own startTransaction does.
  let queue: Promise<void> = Promise.resolve();
  adapter.startTransaction = async () => {
    let release = () => undefined as void;
    const turn = queue;
    queue = new Promise<void>((resolve) => (release = resolve));
    await turn;
    try {
      await whileLocked(async () => client.prepare("BEGIN IMMEDIATE").run(), boundMs);
    } catch (error) {
      release();
      (adapter as unknown as { onError(e: unknown): never }).onError(error);
    }
    // Prisma sends COMMIT / ROLLBACK itself (usePhantomQuery: false); these only end the turn.
    return {
      provider: adapter.provider,
      adapterName: adapter.adapterName,
      options: { usePhantomQuery: false },
      queryRaw,
      executeRaw,
      commit: async () => release(),
      rollback: async () => release(),
    };
  };
  return adapter;
}

async function whileLocked<T>(work: () => Promise<T>, boundMs: number): Promise<T> {
  const deadline = Date.now() + boundMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
    try {
      return await work();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(delay, deadline - Date.now())));
    }
  }
}
