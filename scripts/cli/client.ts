import type { components } from "../../lib/openapi/generated/api-types";

/**
 * The CLI's HTTP client: STUDIO_URL + STUDIO_TOKEN, the error body turned into one error with the
 * field and rule of each issue, and the exit codes scripts rely on (README "CLI").
 */
export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3, unavailable: 4 } as const;

/** How long reads are retried while the studio answers 503 (a dependency down) before exit 4. */
const DEFAULT_RETRY_SECONDS = 60;

export type Task = components["schemas"]["Task"];
type ErrorBody = components["schemas"]["Error"];

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export type Client = {
  json: <T = unknown>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
  bytes: (url: string) => Promise<Buffer>;
};

export function createClient(env: NodeJS.ProcessEnv = process.env): Client {
  const base = (env.STUDIO_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  const headers: Record<string, string> = env.STUDIO_TOKEN
    ? { authorization: `Bearer ${env.STUDIO_TOKEN}` }
    : {};
  const retryMs = Number(env.STUDIO_RETRY_SECONDS ?? DEFAULT_RETRY_SECONDS) * 1000;
  const call = async (url: string, init: RequestInit): Promise<Response> => {
    const retryUntil = Date.now() + retryMs;
    for (;;) {
      const response = await send(url, init);
      if (response.status !== 503) return response;
      // A dependency of the studio is down: a read is safe to repeat, so wait as asked. A write
      // is not repeated here (the studio may have sent it on before the fault): exit 4, the
      // caller's script decides.
      const wait = Math.min(30, Number(response.headers.get("retry-after")) || 5) * 1000;
      if ((init.method ?? "GET") !== "GET" || Date.now() + wait > retryUntil)
        throw new CliError(await errorText(response), EXIT.unavailable);
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  const send = async (url: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...headers, ...init.headers } });
    } catch (error) {
      const { cause } = error as { cause?: { code?: string; message?: string } };
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new CliError(
        `cannot reach the studio at ${base} (${reason}); check STUDIO_URL`,
        EXIT.unreachable,
      );
    }
    if (!response.ok && response.status !== 503) throw new CliError(await errorText(response), EXIT.refused);
    return response;
  };
  return {
    json: async (path, init = {}) => {
      const response = await call(`${base}${path}`, {
        method: init.method ?? "GET",
        ...(init.body !== undefined
          ? { body: JSON.stringify(init.body), headers: { "content-type": "application/json" } }
          : {}),
      });
      return (await response.json()) as never;
    },
    // Stored results are served by the studio itself (never the upstream's expiring URL).
    bytes: async (url) => Buffer.from(await (await call(new URL(url, base).href, {})).arrayBuffer()),
  };
}

/** "error (invalid_request, 400): …" then one line per issue: "  duration: must be one of 4, 8, 12". */
async function errorText(response: Response): Promise<string> {
  const text = await response.text();
  let body: ErrorBody | undefined;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    return `error (${response.status}): ${text.slice(0, 200) || response.statusText}`;
  }
  const { code, message, issues } = body.error ?? { code: "unknown", message: text.slice(0, 200) };
  const lines = [`error (${code}, ${response.status}): ${message}`];
  for (const issue of issues ?? []) lines.push(`  ${issue.path || "(body)"}: ${issue.message}`);
  const extra = body.error as Record<string, unknown>;
  for (const key of ["spent", "limit", "estimate", "retryAfterSeconds"]) {
    if (extra?.[key] !== undefined) lines.push(`  ${key}: ${String(extra[key])}`);
  }
  return lines.join("\n");
}
