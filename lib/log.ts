import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { env } from "./env";

/**
 * The server's one logger (pino): one JSON object a line (stdout in the server), with the request's id, user and
 * route pattern on every line written while a request runs (lib/http/route.ts sets them), at
 * LOG_LEVEL and above. Nothing secret reaches a line: fields that carry credentials are redacted by
 * name, and every line is scrubbed of the configured secrets' values and of bearer and API tokens
 * wherever they appear (an error message quoting a header, a URL with a token in it).
 * docs/decisions/operations.md#logs.
 */

/** What a request's lines carry besides their own fields. */
export type RequestContext = { requestId: string; route: string; method: string; userId?: string };

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `context` on every line logged inside it. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

/** The running request's context, to add the user once it is resolved. */
export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}

// Fields whose values are credentials, at the top of a line, one level down, or in headers.
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "apiKey",
  "api_key",
  "token",
  "secret",
  "password",
  "secretAccessKey",
];
export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...SECRET_FIELDS.map((field) => `*.headers.${field}`),
  '["set-cookie"]',
  '*["set-cookie"]',
  '*.headers["set-cookie"]',
];

export const REDACTED = "[redacted]";

// Credentials recognised by their shape, whoever's they are.
const TOKEN_SHAPES: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[^\s"'\\,;]+/gi, `$1 ${REDACTED}`],
  // The studio's personal API tokens (lib/auth/tokens.ts) and signed-link / session cookie values.
  [/\bmst_[A-Za-z0-9_-]{6,}/g, `mst_${REDACTED}`],
  [
    /((?:session_token|session_data|token|sig|signature|X-Amz-Signature|X-Amz-Credential)=)[^&\s"';]+/gi,
    `$1${REDACTED}`,
  ],
];

/** Values of the configured secrets (the upstream key above all); none while the environment is invalid. */
function configuredSecrets(): string[] {
  try {
    const config = env();
    const s3 = config.mediaStore.kind === "s3" ? config.mediaStore.credentials?.secretAccessKey : undefined;
    return [
      config.apiKey,
      config.observability.metricsToken,
      config.auth.secret,
      config.auth.firstAdmin?.password,
      s3,
    ].filter((value): value is string => typeof value === "string" && value.length >= 6);
  } catch {
    return [];
  }
}

/** `text` with every known secret and token-shaped value replaced. */
export function scrubSecrets(text: string, secrets: readonly string[] = configuredSecrets()): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const [shape, replacement] of TOKEN_SHAPES) out = out.replace(shape, replacement);
  return out;
}

function logLevel(): string {
  try {
    return env().observability.logLevel;
  } catch {
    return "info";
  }
}

/** A logger writing scrubbed lines to `write` (the process's log stream; a buffer in tests). */
export function createLogger(write: (line: string) => void = writeLine, level = logLevel()): Logger {
  const secrets = configuredSecrets();
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { ...context } : {};
      },
    },
    { write: (line: string) => write(scrubSecrets(line, secrets)) },
  );
}

const holder = globalThis as typeof globalThis & { __studioLog?: Logger; __studioLogStream?: "stdout" };

/**
 * The server writes its lines to stdout, where a container's or a service manager's log collector
 * reads them (instrumentation.ts says so at start). Everything else — the admin CLI, scripts, the
 * processes tests start — writes them to stderr, so a command's own output (a report, JSON a parent
 * process parses) stays clean, as it was when these lines went through console.warn/error.
 */
export function logToStdout(): void {
  holder.__studioLogStream = "stdout";
  holder.__studioLog = undefined;
}

function writeLine(line: string): void {
  (holder.__studioLogStream === "stdout" ? process.stdout : process.stderr).write(line);
}

/** The process's logger (one across Next.js's bundles, like the tracker). */
export function log(): Logger {
  holder.__studioLog ??= createLogger();
  return holder.__studioLog;
}

/** What the pipelines' `deps.log` seams take: console's shape, so tests can pass their own. */
export type ConsoleLog = Pick<Console, "info" | "warn" | "error">;

/**
 * console's calling convention (`log.error("[tracker] a job failed:", error)`) onto pino: strings
 * join into the message, an Error goes to `err` (message and stack, scrubbed like the rest), a
 * plain object's fields join the line.
 */
export function consoleLog(logger: () => Logger = log): ConsoleLog & Pick<Console, "debug"> {
  const at =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const words: string[] = [];
      const fields: Record<string, unknown> = {};
      for (const arg of args) {
        if (arg instanceof Error) fields.err = arg;
        else if (arg && typeof arg === "object") Object.assign(fields, arg);
        else words.push(String(arg));
      }
      if (fields.err && !words.length) words.push((fields.err as Error).message);
      logger()[level](fields, words.join(" "));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** The default for every `log` seam: the server's logger in console's shape. */
export const serverLog = consoleLog();
