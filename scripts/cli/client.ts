import type { components } from "../../lib/openapi/generated/api-types";

/**
 * The CLI's HTTP client: STUDIO_URL + STUDIO_TOKEN, the error body turned into one error with the
 * field and rule of each issue, and the exit codes scripts rely on (README "CLI").
 */
export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;

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
  const call = async (url: string, init: RequestInit): Promise<Response> => {
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
    if (!response.ok) throw new CliError(await errorText(response), EXIT.refused);
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
