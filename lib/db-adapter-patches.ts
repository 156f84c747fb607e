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
