import { StudioError } from "../errors";

/** A server the studio depends on, named as users read it. */
export type Dependency = "database" | "media store";

export type DependencyFault = {
  dependency: Dependency;
  /** The kind of failure in words, free of hosts, ports and paths. */
  kind: string;
  /** The driver's own text (may name hosts and paths): for the log and admins only. */
  detail: string;
};

/** Seconds a client is asked to wait before trying again while a dependency is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

// Prisma codes for "could not talk to the server" (P1001 unreachable, P1002 timed out, P1008
// operation timed out, P1017 connection closed, P2024 no pool connection in time).
const PRISMA_CONNECTION_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// Driver adapter kinds for the same (@prisma/driver-adapter-utils).
const ADAPTER_CONNECTION_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseAccessDenied",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
// PostgreSQL SQLSTATEs: statement timeout / cancelled, shutdown, connection exceptions, too many clients.
const POSTGRES_UNAVAILABLE = /^(57014|57P01|57P02|57P03|08\d{3}|53300)$/;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const PG_CLIENT_TEXTS =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection refused/i;

type Fields = {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: Record<string, unknown> } };
  $metadata?: unknown;
};

/**
 * Whether `error` says a dependency is down (not that the request was wrong): a database that
 * refuses, drops, times out or is locked by another writer, or a media store that cannot be
 * reached or whose disk is full. null for every other error.
 */
export function dependencyFault(error: unknown): DependencyFault | null {
  return databaseFault(error) ?? mediaStoreFault(error);
}

function databaseFault(error: unknown): DependencyFault | null {
  const e = error as Fields | null;
  if (!e || typeof e !== "object") return null;
  const detail = String(e.message ?? error).trim();
  const cause = e.meta?.driverAdapterError?.cause;
  const sqliteCode = String(cause?.originalCode ?? e.code ?? "");
  if (/^SQLITE_(BUSY|LOCKED)/.test(sqliteCode) || /database is locked/.test(detail))
    return { dependency: "database", kind: "it is locked by another writer", detail };
  const adapterKind = String(cause?.kind ?? "");
  const sqlState = adapterKind === "postgres" ? String(cause?.code ?? "") : "";
  if (sqlState === "57014")
    return { dependency: "database", kind: "a statement took longer than its time limit", detail };
  const isPrisma = typeof e.name === "string" && e.name.startsWith("PrismaClient");
  if (
    ADAPTER_CONNECTION_KINDS.has(adapterKind) ||
    POSTGRES_UNAVAILABLE.test(sqlState) ||
    (isPrisma && PRISMA_CONNECTION_CODES.has(String(e.code))) ||
    (typeof e.name === "string" && e.name === "PrismaClientInitializationError")
  )
    return { dependency: "database", kind: "it could not be reached", detail };
  // pg's own errors (scripts and raw pool use, outside Prisma).
  if (
    !e.$metadata &&
    (PG_CLIENT_TEXTS.test(detail) || (isPgStack(error) && NETWORK_CODES.has(String(e.code))))
  )
    return { dependency: "database", kind: "it could not be reached", detail };
  return null;
}

function isPgStack(error: unknown): boolean {
  return /node_modules[\\/]pg(-pool)?[\\/]/.test(String((error as Error)?.stack ?? ""));
}

function mediaStoreFault(error: unknown): DependencyFault | null {
  const e = error as Fields | null;
  if (!e || typeof e !== "object") return null;
  const detail = String(e.message ?? error).trim();
  if (e.code === "ENOSPC") return { dependency: "media store", kind: "its disk is full", detail };
  if (e.code === "EROFS" || e.code === "EDQUOT")
    return { dependency: "media store", kind: "its disk cannot be written", detail };
  // The AWS SDK: network errors carry the socket's code (with $metadata once the SDK wrapped them);
  // a 5xx from the store is the store's own trouble.
  const sdk = e.$metadata as { httpStatusCode?: number } | undefined;
  const code = String(e.code ?? (e.cause as Fields | undefined)?.code ?? "");
  if (sdk !== undefined || /^(TimeoutError|NetworkingError)$/.test(String(e.name))) {
    if (NETWORK_CODES.has(code) || e.name === "TimeoutError" || !sdk?.httpStatusCode)
      return { dependency: "media store", kind: "it could not be reached", detail };
    if (sdk.httpStatusCode >= 500)
      return { dependency: "media store", kind: `it answered HTTP ${sdk.httpStatusCode}`, detail };
  }
  return null;
}

/** The 503 a request gets while `fault`'s dependency is down: names it, never its address. */
export function unavailableError(fault: DependencyFault, cause?: unknown): StudioError {
  const what = fault.dependency === "database" ? "The database" : "The media store";
  return new StudioError(
    "dependency_unavailable",
    `${what} is unavailable (${fault.kind}); try again in a few seconds.`,
    {
      details: { dependency: fault.dependency, retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS },
      cause,
    },
  );
}
