import "server-only";
import { db as processDb, type Db } from "../db";
import { env, type AuthConfig } from "../env";
import { createAuth, type Auth } from "./better-auth";

/** Everything the account functions need, injected so tests run them on a temp database. */
export type AuthContext = {
  db: Db;
  auth: Auth;
  config: AuthConfig;
  now: () => number;
};

export async function createAuthContext(db: Db, config: AuthConfig, baseUrl: string): Promise<AuthContext> {
  const auth = await createAuth(db, { ...config, baseUrl });
  return { db, auth, config, now: Date.now };
}

// One per process, like the database client (kept across hot reloads in development).
const globalForAuth = globalThis as unknown as { studioAuth?: Promise<AuthContext> };

/** The process's account context, from the environment. */
export function authContext(): Promise<AuthContext> {
  if (!globalForAuth.studioAuth) {
    const e = env();
    globalForAuth.studioAuth = createAuthContext(processDb(), e.auth, studioBaseUrl());
    // A failure (database not migrated yet) must not stick: the next request tries again.
    globalForAuth.studioAuth.catch(() => (globalForAuth.studioAuth = undefined));
  }
  return globalForAuth.studioAuth;
}

/** The studio's own address for links it hands out (single sign-on's redirect address among them). */
export function studioBaseUrl(): string {
  const e = env();
  return e.publicBaseUrl ?? `http://127.0.0.1:${e.port}`;
}
