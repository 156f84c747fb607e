import path from "node:path";
import { z } from "zod";
import { DEFAULT_DATABASE_URL } from "./sqlite-url";

/** Key the studio uses with its built-in sandbox upstream (the sandbox only checks that one is sent). */
export const SANDBOX_API_KEY = "sandbox-key";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v.replace(/\/+$/, ""))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.example.com" }))
  .optional();

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const envSchema = z
  .object({
    UPSTREAM_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    UPSTREAM_LLM_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    UPSTREAM_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .startsWith("file:", { error: 'must be a SQLite URL such as "file:./data/studio.db"' })
        .default(DEFAULT_DATABASE_URL),
    ),
    MEDIA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data/media")),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    PUBLIC_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    /** Set to "0" to keep the background tracker off (one-off scripts, benchmarks). */
    TRACKER: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("1")),
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
  port: number;
  host: string;
  /**
   * Where the upstream can fetch this studio's stored media (a tunnel or reverse proxy), e.g.
   * https://studio.example.com; null when the studio is not publicly reachable.
   */
  publicBaseUrl: string | null;
  trackerEnabled: boolean;
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
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? null,
    trackerEnabled: e.TRACKER === "1",
  };
}

// The studio calls its own sandbox over loopback even when it listens on all interfaces.
function loopbackHost(host: string): string {
  return host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
}

let cached: Env | undefined;

/** The validated configuration; throws once, naming every bad variable. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
