import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { installV1Mapping, parseV1Mapping, SANDBOX_V1_MAPPING, type V1ModelMapping } from "./catalog/v1";
import { isTextModel } from "./catalog/text-models";
import { emailSchema, passwordSchema } from "./auth/password-policy";
import { isLoopbackHost } from "./http/guard";
import { DEFAULT_DATABASE_URL } from "./sqlite-url";
import { parseTokenPrices, type TokenPrices } from "./spend/text-prices";
import { isPostgresUrl, poolSettings } from "./postgres-url";
import { LOG_LEVELS, type LogLevel } from "./log-levels";

/** Key the studio uses with its built-in sandbox upstream (the sandbox only checks that one is sent). */
export const SANDBOX_API_KEY = "sandbox-key";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v.replace(/\/+$/, ""))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.example.com" }))
  .optional();

// A comma-separated list of http(s) URLs (origins, optionally with a path prefix).
const urlList = z
  .string()
  .transform((v) =>
    v
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((u) => u.replace(/\/+$/, "")),
  )
  .pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error: "must list http(s) URLs such as http://10.0.0.7:9000, separated by commas",
      }),
    ),
  );

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A test-only factor that shortens real durations: greater than 0, at most 1, 1 when unset. */
const timeScaleRule = { error: "must be a number greater than 0 and at most 1" };
const timeScale = z.preprocess(
  emptyToUndefined,
  z.coerce.number(timeScaleRule).gt(0, timeScaleRule).max(1, timeScaleRule).default(1),
);

/** A number of credits, > 0 (an estimate of 0 would let unknown tasks through a budget). */
const creditsSetting = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number of credits greater than 0" })
      .positive({ error: "must be a number of credits greater than 0" })
      .max(1_000_000, { error: "must be a number of credits greater than 0, at most 1000000" })
      .default(fallback),
  );

const UNITS: Record<string, number> = { "": 1, b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2 };

/** A byte count: "1048576", "512kb", "24mb" (binary units). */
const byteSize = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^\d+(\.\d+)?\s*(b|kb?|mb?)?$/, {
        error: 'must be a size in bytes such as "1048576", "512kb" or "24mb"',
      })
      .transform((v) => {
        const [, number, unit = ""] = /^([\d.]+)\s*([a-z]*)$/.exec(v)!;
        return Math.floor(Number(number) * UNITS[unit]);
      })
      .pipe(z.number().int().min(1024, { error: "must be at least 1kb" }))
      .default(fallback),
  );

const presignRule = { error: 'must be "off" or a number of seconds from 1 to 604800 (S3\'s limit: 7 days)' };
/** "off" (null) or the lifetime in seconds of a presigned URL. */
const presignSeconds = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(off|\d+)$/, presignRule)
  .transform((v) => (v === "off" ? null : Number(v)))
  .pipe(z.number().int().min(1, presignRule).max(604_800, presignRule).nullable());

/** A whole number within [min, max] (worker counts, lease seconds, rates), with the rule its error states. */
const wholeNumber = (
  fallback: number,
  min: number,
  max: number,
  text = `must be a whole number from ${min} to ${max}`,
) => {
  const rule = { error: text };
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number(rule).int(rule).min(min, rule).max(max, rule).default(fallback),
  );
};

/** A comma-separated list; blank entries are ignored. */
const list = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean)
        : v === undefined
          ? []
          : v,
    z.array(item),
  );

// A name or address as it appears in a Host header (no port), or "*.example.com" for subdomains.
const hostName = z
  .string()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$|^\[?[0-9a-f:.]+\]?$/, {
    error:
      'each entry must be a host name or address without scheme or port, such as "studio.lan" or "*.example.com"',
  });

const addressOrCidr = z.string().refine(
  (v) => {
    const [address, prefix, extra] = v.split("/");
    const family = net.isIP(address);
    if (!family || extra !== undefined) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
  },
  { error: 'each entry must be an IP address or CIDR range, such as "127.0.0.1" or "10.0.0.0/8"' },
);

const origin = z
  .string()
  .transform((v) => v.replace(/\/+$/, ""))
  .pipe(
    z.url({ protocol: /^https?$/, error: "each entry must be an origin such as https://studio.example.com" }),
  )
  .transform((v) => new URL(v).origin);

function validPoolSettings(url: string): boolean {
  try {
    poolSettings(url);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    UPSTREAM_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    UPSTREAM_LLM_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    UPSTREAM_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((url) => url.startsWith("file:") || isPostgresUrl(url), {
          error:
            'must be a SQLite URL such as "file:./data/studio.db" or a PostgreSQL URL "postgresql://user@host:5432/db"',
        })
        .refine((url) => !isPostgresUrl(url) || validPoolSettings(url), {
          error: "connection_limit must be a whole number from 1 to 1000",
        })
        .default(DEFAULT_DATABASE_URL),
    ),
    // Bounds on waits for PostgreSQL (lib/postgres-url.ts reads them where the pool is made).
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(15_000, 100, 3_600_000),
    DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(5_000, 100, 3_600_000),
    // SQLite: the longest wait for another process's write lock (lib/sqlite-url.ts reads it too).
    DATABASE_LOCK_WAIT_MS: wholeNumber(5_000, 100, 3_600_000),
    MEDIA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data/media")),
    // /api/health calls the local media store degraded below this much free disk (lib/health).
    MEDIA_MIN_FREE_BYTES: byteSize(1024 ** 3),
    MEDIA_STORE: z.preprocess(
      emptyToUndefined,
      z.enum(["local", "s3"], { error: 'must be "local" (MEDIA_DIR) or "s3"' }).default("local"),
    ),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          error: "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
        })
        .optional(),
    ),
    S3_ENDPOINT: z.preprocess(emptyToUndefined, optionalUrl),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().trim().default("us-east-1")),
    S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z.enum(["0", "1", "false", "true"], { error: 'must be "1"/"true" or "0"/"false"' }).default("0"),
    ),
    S3_KEY_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine((v) => !v.startsWith("/") && !v.split("/").some((part) => part === ".." || part === "."), {
          error: 'must be a relative key prefix such as "studio/" (no leading "/", no "." or ".." parts)',
        })
        .transform((v) => (v.endsWith("/") ? v : `${v}/`))
        .optional(),
    ),
    S3_PRESIGNED_REDIRECT: z.preprocess(emptyToUndefined, presignSeconds.optional()),
    // How long a request to the bucket may take to answer before the studio answers 503 (lib/storage/s3-store.ts).
    S3_REQUEST_TIMEOUT_MS: wholeNumber(8_000, 100, 600_000),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    PUBLIC_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    /** The operator's v1 family mapping (docs/v1-families.md); the sandbox has its own when unset. */
    V1_FAMILIES_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
    /** Where "Upload to the asset library" sends files (the spec does not show the operation). */
    ASSET_UPLOAD_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .pipe(
          z.url({
            protocol: /^https?$/,
            error:
              "must be the full http(s) URL of the asset upload operation, such as https://api.example.com/v1/assets",
          }),
        )
        .optional(),
    ),
    FETCH_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, urlList.default([])),
    /** Set to "0" to keep the background tracker off (one-off scripts, benchmarks). */
    TRACKER: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("1")),
    TRACKER_POLL_WORKERS: wholeNumber(96, 1, 1024),
    TRACKER_DOWNLOAD_WORKERS: wholeNumber(16, 1, 256),
    // Large downloads wait while this many declared bytes are already in flight (small ones never do).
    TRACKER_DOWNLOAD_BUDGET: byteSize(512 * 1024 ** 2),
    // How long a poll or download claim outlives its process: another instance takes the work over
    // after this (docs/decisions/multi-instance.md). Renewed while a download's bytes flow.
    TRACKER_POLL_LEASE_SECONDS: wholeNumber(60, 5, 3600),
    TRACKER_DOWNLOAD_LEASE_SECONDS: wholeNumber(180, 5, 3600),
    // Observability (docs/decisions/operations.md): /metrics answers only with this bearer token…
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .min(16, { error: "must be at least 16 characters (it guards /metrics: use a long random string)" })
        .optional(),
    ),
    // …or on its own port, bound to 127.0.0.1 only (a scraper beside the studio).
    METRICS_PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a port number from 1 to 65535" })
        .int({ error: "must be a port number from 1 to 65535" })
        .min(1, { error: "must be a port number from 1 to 65535" })
        .max(65535, { error: "must be a port number from 1 to 65535" })
        .optional(),
    ),
    // Traces are off unless an OTLP/HTTP collector is named (lib/tracing.ts).
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, optionalUrl),
    OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).default("model-studio")),
    LOG_LEVEL: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
      z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    ),
    ALLOWED_HOSTS: list(hostName),
    ALLOWED_ORIGINS: list(origin),
    // The text API's inline files: the native layout caps a request at 20 MB; room for the text.
    BODY_LIMIT_BYTES: byteSize(24 * 1024 ** 2),
    // A task body is a prompt (≤ 20,000 characters) and at most a few dozen media URLs.
    TASK_BODY_LIMIT_BYTES: byteSize(1024 ** 2),
    // A file uploaded into a media field: the largest per-file limit of the catalog is 50 MB (videos).
    UPLOAD_LIMIT_BYTES: byteSize(50 * 1024 ** 2),
    SANDBOX_REQUEST_LOG: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("0")),
    // Tests only (scripts/e2e-server.sh): the built-in sandbox's tasks run this factor of the spec's
    // 10–30 s, and the tracker polls every N–1.6N ms instead of the spec's 5–8 s.
    SANDBOX_TIME_SCALE: timeScale,
    // Tests and benches only: the webhook retry schedule (5 s … 14 h) and the auto-disable period
    // (5 days) run this factor of their real length (lib/webhooks/schedule.ts).
    WEBHOOK_RETRY_SCALE: timeScale,
    TRACKER_POLL_INTERVAL_MS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a whole number from 100 to 5000" })
        .int({ error: "must be a whole number from 100 to 5000" })
        .min(100, { error: "must be a whole number from 100 to 5000" })
        .max(5000, { error: "must be a whole number from 100 to 5000" })
        .optional(),
    ),
    // Accounts (lib/auth): the default depends on HOST, decided below.
    AUTH: z.preprocess(
      (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v),
      z.enum(["on", "off"], { error: 'must be "on" or "off"' }).optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, emailSchema.optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, passwordSchema.optional()),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(32, { error: "must be at least 32 characters (e.g. openssl rand -base64 32)" })
        .optional(),
    ),
    SESSION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(7)),
    // Peers whose X-Forwarded-For is believed (lib/auth/client-address.ts); none: the socket's peer.
    TRUSTED_PROXIES: list(addressOrCidr),
    NODE_ENV: z.string().optional(),
    /** The batch runner's pace: at least this many ms between two batch sends. */
    BATCH_INTERVAL_MS: wholeNumber(
      500,
      0,
      600_000,
      "must be a whole number of milliseconds from 0 to 600000",
    ),
    /** Task submits and batch creations per user per minute (lib/spend/rate-limit.ts); 0 = no limit. */
    SUBMIT_RATE_PER_MINUTE: wholeNumber(
      30,
      0,
      10_000,
      "must be a whole number from 0 to 10000 (0 = no limit)",
    ),
    /** Credits a task of a model with no completed task yet counts against a budget (lib/spend/price-model.ts). */
    ESTIMATE_DEFAULT_VIDEO_CREDITS: creditsSetting(10),
    ESTIMATE_DEFAULT_IMAGE_CREDITS: creditsSetting(2),
    /** Longest film a sequence assembly may make, in seconds (lib/video/assemble.ts). */
    ASSEMBLY_MAX_DURATION_SECONDS: wholeNumber(600, 1, 14_400),
    // ── Operations (issue 26): audit log, single sign-on.
    /** Days an audit entry is kept (lib/audit/prune.ts); 0 = forever. */
    AUDIT_RETENTION_DAYS: wholeNumber(
      365,
      0,
      36_500,
      "must be a whole number of days from 0 to 36500 (0 = keep forever)",
    ),
    /** OpenID Connect sign-in (lib/auth/sso.ts): on when OIDC_ISSUER is set. */
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().trim().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_PROVIDER_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(60).default("single sign-on")),
    OIDC_ALLOWED_DOMAINS: list(
      z
        .string()
        .toLowerCase()
        .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
          error: "must list e-mail domains such as example.com, separated by commas",
        }),
    ),
    OIDC_ROLE_CLAIM: z.preprocess(emptyToUndefined, z.string().trim().optional()),
    OIDC_ADMIN_VALUES: list(z.string()),
    OIDC_SCOPES: z.preprocess(emptyToUndefined, z.string().trim().default("openid email profile")),
    PASSWORD_LOGIN: z.preprocess(
      (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v),
      z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    ),
    /** The text model that describes results and improves prompts (lib/vision); a catalogue text model. */
    VISION_MODEL: z
      .string()
      .trim()
      .default("llm-2.5-flash-lite")
      .refine((id) => isTextModel(id), {
        error: "must be a text model of the catalogue, such as llm-2.5-flash-lite",
      }),
    /** Least time between two descriptions, in every studio process together (lib/vision/describer.ts). */
    DESCRIBE_PACE_MS: wholeNumber(2_000, 0, 3_600_000),
    /** Text calls (chat answers and the text API mirror) per user per minute; 0 = no limit. */
    TEXT_RATE_PER_MINUTE: wholeNumber(60, 0, 10_000, "must be a whole number from 0 to 10000 (0 = no limit)"),
    /** Credits per million input/output text tokens (lib/spend/text-prices.ts); unset = 0. */
    TEXT_TOKEN_PRICES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTokenPrices(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
  })
  .superRefine((env, ctx) => {
    const realUpstream = env.UPSTREAM_BASE_URL || env.UPSTREAM_LLM_BASE_URL;
    if (realUpstream && !env.UPSTREAM_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["UPSTREAM_API_KEY"],
        message: "is required when UPSTREAM_BASE_URL or UPSTREAM_LLM_BASE_URL is set",
      });
    }
    // The sandbox's key must never reach a real endpoint: a real upload URL needs the real key.
    const sandboxUrl = `http://${loopbackHost(env.HOST)}:${env.PORT}/api/sandbox/`;
    if (env.ASSET_UPLOAD_URL && !env.ASSET_UPLOAD_URL.startsWith(sandboxUrl) && !env.UPSTREAM_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["UPSTREAM_API_KEY"],
        message: "is required when ASSET_UPLOAD_URL points anywhere but the built-in sandbox",
      });
    }
    // Beyond loopback anyone on the network reaches the port, and the port spends the key's credits.
    if (env.AUTH === "off" && !listensOnLoopback(env.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH"],
        message:
          `cannot be "off" while HOST=${env.HOST} listens beyond loopback: anyone on the network ` +
          `could spend the key's credits. Remove AUTH=off (accounts are then required), or set HOST=127.0.0.1`,
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "must differ from PORT (the metrics listener is a second server, on 127.0.0.1)",
      });
    }
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.OIDC_CLIENT_ID ? "OIDC_CLIENT_SECRET" : "OIDC_CLIENT_ID"],
        message: "is required when OIDC_ISSUER is set (the client registered for the studio at the provider)",
      });
    }
    if (env.PASSWORD_LOGIN === "off" && !env.OIDC_ISSUER) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_LOGIN"],
        message: 'cannot be "off" without OIDC_ISSUER: nobody could sign in. Configure single sign-on first',
      });
    }
    if (env.OIDC_ADMIN_VALUES.length && !env.OIDC_ROLE_CLAIM) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ROLE_CLAIM"],
        message: "is required when OIDC_ADMIN_VALUES is set (the claim whose values they are)",
      });
    }
    if (env.MEDIA_STORE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when MEDIA_STORE=s3" });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "is required with " + (env.S3_ACCESS_KEY_ID ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"),
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "is required with " + (env.ADMIN_EMAIL ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"),
      });
    }
  });

export type Env = {
  /** {base_url} of the task API; the built-in sandbox when UPSTREAM_BASE_URL is unset. */
  upstreamBaseUrl: string;
  /** {llm_base_url} of the native text API; the built-in sandbox when UPSTREAM_LLM_BASE_URL is unset. */
  llmBaseUrl: string;
  apiKey: string;
  usesSandbox: { tasks: boolean; llm: boolean };
  databaseUrl: string;
  mediaDir: string;
  /** Free disk space under which the local media store counts as degraded (MEDIA_MIN_FREE_BYTES). */
  mediaMinFreeBytes: number;
  /** Where media files live: MEDIA_DIR (the default) or an S3-compatible bucket (lib/storage/media-store.ts). */
  mediaStore: MediaStoreConfig;
  port: number;
  host: string;
  /**
   * Where the upstream can fetch this studio's stored media (a tunnel or reverse proxy), e.g.
   * https://studio.example.com; null when the studio is not publicly reachable.
   */
  publicBaseUrl: string | null;
  /**
   * The asset upload operation's URL (ASSET_UPLOAD_URL; path and payload are not shown in the spec,
   * docs/decisions/assets.md); null: uploads happen elsewhere and the studio only records ids.
   */
  assetUploadUrl: string | null;
  /**
   * Origins (or origin + path) on private or loopback addresses that the studio may still fetch
   * result and reference URLs from (lib/net/fetch-policy.ts), e.g. an internal file store.
   */
  fetchAllowPrivate: string[];
  trackerEnabled: boolean;
  /** The tracker's worker pools (lib/tasks/tracker.ts). */
  tracker: {
    pollWorkers: number;
    downloadWorkers: number;
    downloadBudgetBytes: number;
    pollLeaseMs: number;
    downloadLeaseMs: number;
  };
  /** Extra Host names the studio answers to (reverse proxy, LAN name); loopback is always allowed. */
  allowedHosts: string[];
  /** Extra origins whose pages may send state-changing requests (besides the studio's own). */
  allowedOrigins: string[];
  /** Largest JSON body: of any route (sized for the text API's inline files), of a task submit; largest media-field upload. */
  bodyLimits: { json: number; task: number; upload: number };
  /** The built-in sandbox's request log (GET/DELETE /api/sandbox/_requests) is served: tests only. */
  sandboxRequestLog: boolean;
  /** Tests only: the built-in sandbox's tasks run this share of the spec's durations (1 = real). */
  sandboxTimeScale: number;
  /** The webhook retry schedule's and auto-disable period's factor (tests: far below 1). */
  webhookRetryScale: number;
  /** Tests only: the tracker's poll interval in ms; null = the spec's 5–8 s (lib/tasks/deps.ts). */
  trackerPollIntervalMs: number | null;
  /** `next dev` (NODE_ENV=development): React needs eval there, and only there. */
  development: boolean;
  /** Least time between two sends of the batch runner (the upstream's rate, not one batch's). */
  batchIntervalMs: number;
  /** Longest film an assembly may make (ASSEMBLY_MAX_DURATION_SECONDS). */
  assemblyMaxDurationSec: number;
  /** Accounts (lib/auth). */
  auth: AuthConfig;
  /** Task submits and batch creations allowed per user per minute; 0 = unlimited. */
  submitRatePerMinute: number;
  /** Credits a task of a model with no history is estimated at, per kind (ESTIMATE_DEFAULT_*). */
  estimateDefaults: { video: number; image: number };
  /** Text calls allowed per user per minute; 0 = unlimited. */
  textRatePerMinute: number;
  /** The vision model and the describer's pace (VISION_MODEL, DESCRIBE_PACE_MS). */
  vision: { model: string; describePaceMs: number };
  /** Credits per million text tokens, per model. */
  textTokenPrices: TokenPrices;
  /** Days an audit entry is kept; 0 = forever (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** The v1 family models (V1_FAMILIES_FILE; the sandbox's demo mapping when it is the upstream). */
  v1Models: readonly V1ModelMapping[];
  /** docs/decisions/operations.md */
  observability: {
    /** /metrics answers to `Authorization: Bearer <token>`; null: /metrics is not served on PORT. */
    metricsToken: string | null;
    /** A second listener on 127.0.0.1 serving only /metrics, without a token; null: none. */
    metricsPort: number | null;
    /** OTLP/HTTP collector base URL (…/v1/traces is appended); null: tracing off. */
    otlpEndpoint: string | null;
    serviceName: string;
    logLevel: LogLevel;
  };
};

export type MediaStoreConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      /** null: AWS's own endpoint for the region. */
      endpoint: string | null;
      region: string;
      /** null: the AWS SDK's default credential chain (instance role, shared config). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
      /** "" or a prefix ending in "/" put before every stored key. */
      keyPrefix: string;
      /** Files are served by a redirect to a URL presigned for this many seconds; null: proxied. */
      presignedRedirectSeconds: number | null;
      /** A request's bound until the bucket answers (S3_REQUEST_TIMEOUT_MS); absent: the default. */
      requestTimeoutMs?: number;
    };

export type AuthConfig = {
  /** Login required: AUTH=on, or HOST beyond loopback (where AUTH=off is refused). */
  enabled: boolean;
  /** The first admin, created at start when no user exists yet. */
  firstAdmin: { email: string; password: string } | null;
  /** Signs session cookies; when unset one is generated once and kept in the database. */
  secret: string | null;
  sessionDays: number;
  /** Peers (addresses, CIDR ranges) whose X-Forwarded-For names the client; none: the socket's peer. */
  trustedProxies: string[];
  /** Cookies carry `Secure`: PUBLIC_BASE_URL is https (TLS ends at a proxy in front). */
  secureCookies: boolean;
  /** The /setup page asks for the setup code printed at start: the studio is reachable beyond loopback. */
  setupCodeRequired: boolean;
  /** E-mail and password sign-in (PASSWORD_LOGIN); off leaves single sign-on only. */
  passwordLogin: boolean;
  /** OpenID Connect sign-in (OIDC_*); null: not configured. */
  sso: SsoConfig | null;
};

export type SsoConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the sign-in button: "Sign in with <name>". */
  providerName: string;
  /** Lower-case e-mail domains allowed to sign in; empty: any. */
  allowedDomains: string[];
  /** The claim holding the user's roles or groups; null: roles are managed in the studio. */
  roleClaim: string | null;
  /** Values of roleClaim that make an admin. */
  adminValues: string[];
  scopes: string[];
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const sandboxUrl = `http://${loopbackHost(e.HOST)}:${e.PORT}/api/sandbox`;
  return {
    upstreamBaseUrl: e.UPSTREAM_BASE_URL ?? sandboxUrl,
    llmBaseUrl: e.UPSTREAM_LLM_BASE_URL ?? sandboxUrl,
    apiKey: e.UPSTREAM_API_KEY ?? SANDBOX_API_KEY,
    usesSandbox: { tasks: !e.UPSTREAM_BASE_URL, llm: !e.UPSTREAM_LLM_BASE_URL },
    databaseUrl: e.DATABASE_URL,
    mediaDir: path.resolve(e.MEDIA_DIR),
    mediaMinFreeBytes: e.MEDIA_MIN_FREE_BYTES,
    mediaStore:
      e.MEDIA_STORE === "s3"
        ? {
            kind: "s3",
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT ?? null,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "1" || e.S3_FORCE_PATH_STYLE === "true",
            keyPrefix: e.S3_KEY_PREFIX ?? "",
            presignedRedirectSeconds: e.S3_PRESIGNED_REDIRECT ?? null,
            requestTimeoutMs: e.S3_REQUEST_TIMEOUT_MS,
          }
        : { kind: "local" },
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? null,
    assetUploadUrl: e.ASSET_UPLOAD_URL ?? null,
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE,
    trackerEnabled: e.TRACKER === "1",
    tracker: {
      pollWorkers: e.TRACKER_POLL_WORKERS,
      downloadWorkers: e.TRACKER_DOWNLOAD_WORKERS,
      downloadBudgetBytes: e.TRACKER_DOWNLOAD_BUDGET,
      pollLeaseMs: e.TRACKER_POLL_LEASE_SECONDS * 1000,
      downloadLeaseMs: e.TRACKER_DOWNLOAD_LEASE_SECONDS * 1000,
    },
    allowedHosts: e.ALLOWED_HOSTS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    bodyLimits: { json: e.BODY_LIMIT_BYTES, task: e.TASK_BODY_LIMIT_BYTES, upload: e.UPLOAD_LIMIT_BYTES },
    sandboxRequestLog: e.SANDBOX_REQUEST_LOG === "1",
    sandboxTimeScale: e.SANDBOX_TIME_SCALE,
    webhookRetryScale: e.WEBHOOK_RETRY_SCALE,
    trackerPollIntervalMs: e.TRACKER_POLL_INTERVAL_MS ?? null,
    development: e.NODE_ENV === "development",
    batchIntervalMs: e.BATCH_INTERVAL_MS,
    assemblyMaxDurationSec: e.ASSEMBLY_MAX_DURATION_SECONDS,
    submitRatePerMinute: e.SUBMIT_RATE_PER_MINUTE,
    estimateDefaults: { video: e.ESTIMATE_DEFAULT_VIDEO_CREDITS, image: e.ESTIMATE_DEFAULT_IMAGE_CREDITS },
    textRatePerMinute: e.TEXT_RATE_PER_MINUTE,
    vision: { model: e.VISION_MODEL, describePaceMs: e.DESCRIBE_PACE_MS },
    textTokenPrices: e.TEXT_TOKEN_PRICES,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    v1Models: readV1Mapping(e.V1_FAMILIES_FILE, !e.UPSTREAM_BASE_URL),
    observability: {
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsPort: e.METRICS_PORT ?? null,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
      serviceName: e.OTEL_SERVICE_NAME,
      logLevel: e.LOG_LEVEL,
    },
    auth: {
      enabled: e.AUTH === "on" || !listensOnLoopback(e.HOST),
      firstAdmin:
        e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
      secret: e.AUTH_SECRET ?? null,
      sessionDays: e.SESSION_DAYS,
      trustedProxies: e.TRUSTED_PROXIES,
      secureCookies: e.PUBLIC_BASE_URL?.startsWith("https://") ?? false,
      setupCodeRequired:
        !listensOnLoopback(e.HOST) || Boolean(e.PUBLIC_BASE_URL) || e.ALLOWED_HOSTS.length > 0,
      passwordLogin: e.PASSWORD_LOGIN === "on",
      sso: e.OIDC_ISSUER
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID!,
            clientSecret: e.OIDC_CLIENT_SECRET!,
            providerName: e.OIDC_PROVIDER_NAME,
            allowedDomains: e.OIDC_ALLOWED_DOMAINS,
            roleClaim: e.OIDC_ROLE_CLAIM ?? null,
            adminValues: e.OIDC_ADMIN_VALUES,
            scopes: e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
          }
        : null,
    },
  };
}

/** The mapped v1 models; a missing or bad file stops the start with the reason. */
function readV1Mapping(file: string | undefined, sandbox: boolean): readonly V1ModelMapping[] {
  if (!file) return sandbox ? SANDBOX_V1_MAPPING : [];
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    throw new Error(
      `Invalid environment configuration:\n  V1_FAMILIES_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return parseV1Mapping(text, `V1_FAMILIES_FILE ${file}`);
}

/** HOST is a loopback address or name: only this machine reaches the port. */
function listensOnLoopback(host: string): boolean {
  return isLoopbackHost(host);
}

// The studio calls its own sandbox over loopback even when it listens on all interfaces.
function loopbackHost(host: string): string {
  return host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
}

let cached: Env | undefined;

/** The validated configuration; throws once, naming every bad variable. */
export function env(): Env {
  if (!cached) {
    cached = parseEnv(process.env);
    installV1Mapping(cached.v1Models);
  }
  return cached;
}

/**
 * The configuration at server start; a bad one (e.g. HOST=0.0.0.0 with AUTH=off) stops the process.
 * Next.js only logs a throw from instrumentation and goes on listening with settings it refused.
 */
export function envAtStart(): Env {
  try {
    return env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
