import { apiError, badRequest, methodNotAllowed, notFound } from "./api-error";
import { hasBearerToken, unauthorized } from "./auth";
import { resolveConfig, type SandboxConfig, type SandboxOptions } from "./options";
import { serveResultFile } from "./result-files";
import { seedFromSubmit } from "./submit";
import { decodeTaskId, encodeTaskId } from "./task-codec";
import { taskObject } from "./task-object";
import { handleTextApi } from "./text-api";

const TASKS = "/v2/model-center/tasks";
const TASK_PATH = /^\/v2\/model-center\/tasks\/([^/]+)$/;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The whole sandbox upstream as one fetch-style handler, mounted by the studio under /api/sandbox
 * and by `npm run sandbox` at the root. Paths below are relative to that mount point.
 */
export async function handleSandboxRequest(
  request: Request,
  options: SandboxOptions = {},
): Promise<Response> {
  const config = await resolveConfig(options);
  const url = new URL(request.url);
  if (!url.pathname.startsWith(config.basePath)) return notFound(`No sandbox route for ${url.pathname}.`);
  const path = url.pathname.slice(config.basePath.length) || "/";
  try {
    return await route(request, url, path, config);
  } catch (error) {
    console.error("sandbox:", error);
    return apiError(500, "api_error", "internal_error", "The sandbox failed to answer; see its log.");
  }
}

async function route(request: Request, url: URL, path: string, config: SandboxConfig): Promise<Response> {
  const { method } = request;
  if (path === "/_requests") return requestLogRoute(method, config);

  const file = /^\/files\/([^/]+)\/([^/]+)$/.exec(path);
  if (file) {
    logRequest(config, request, path + url.search, null, 0);
    if (method !== "GET" && method !== "HEAD") return methodNotAllowed(method, ["GET", "HEAD"]);
    return serveResultFile(request, decode(file[1]), decode(file[2]), config);
  }

  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const text = method === "POST" ? await request.text() : "";
  const parsed = parseBody(text);
  const bytes = Buffer.byteLength(text);
  logRequest(config, request, path + url.search, text ? (parsed.ok ? parsed.value : text) : null, bytes);
  if (bytes > MAX_BODY_BYTES) return tooLarge();
  if (!hasBearerToken(request)) return unauthorized(request);

  if (path === TASKS) {
    if (method !== "POST") return methodNotAllowed(method, ["POST"]);
    const body = jsonObjectBody(request, parsed);
    if (body instanceof Response) return body;
    const outcome = seedFromSubmit(body, { nowMs: config.nowMs, defaultTtlSeconds: config.ttlSeconds });
    if ("rejection" in outcome) return outcome.rejection;
    const id = encodeTaskId(outcome.seed);
    return Response.json(taskObject(id, outcome.seed, objectContext(url, config)), noStore);
  }

  const task = TASK_PATH.exec(path);
  if (task) {
    if (method !== "GET") return methodNotAllowed(method, ["GET"]);
    const id = decode(task[1]);
    const seed = decodeTaskId(id);
    if (!seed) return notFound(`Task "${id}" does not exist.`, "task_not_found");
    return Response.json(taskObject(id, seed, objectContext(url, config)), noStore);
  }

  const textRoute = /^\/v1\/models\/([^/]+)$/.exec(path);
  const textCall =
    textRoute && /^([^:]+):(generateContent|streamGenerateContent)$/.exec(decode(textRoute[1]));
  if (textCall) {
    if (method !== "POST") return methodNotAllowed(method, ["POST"]);
    const body = jsonObjectBody(request, parsed);
    if (body instanceof Response) return body;
    // The body was consumed for the log; the text API gets an identical request.
    const replay = new Request(request.url, {
      method,
      headers: request.headers,
      body: text,
      signal: request.signal,
    });
    return handleTextApi(replay, textCall[1], textCall[2] as "generateContent" | "streamGenerateContent");
  }

  return notFound(`No such endpoint: ${method} ${path}.`);
}

const tooLarge = () =>
  apiError(413, "invalid_request_error", "payload_too_large", "The request body exceeds 64 MB.");

const noStore = { headers: { "Cache-Control": "no-store" } };

function requestLogRoute(method: string, config: SandboxConfig): Response {
  if (method === "GET") return Response.json(config.log.list(), noStore);
  if (method === "DELETE") {
    config.log.clear();
    return new Response(null, { status: 204 });
  }
  return methodNotAllowed(method, ["GET", "DELETE"]);
}

function logRequest(config: SandboxConfig, request: Request, path: string, body: unknown, bytes: number) {
  config.log.add(
    {
      method: request.method,
      path,
      body,
      authorization: hasBearerToken(request),
      at: new Date(config.nowMs).toISOString(),
    },
    bytes,
  );
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parseBody(text: string): Parsed {
  if (!text.trim()) return { ok: false, error: "The request body is empty; send a JSON object." };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: `The request body is not valid JSON: ${(error as Error).message}` };
  }
}

/** Spec, Authentication 2: JSON bodies come with Content-Type: application/json. */
function jsonObjectBody(request: Request, parsed: Parsed): Record<string, unknown> | Response {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) {
    return apiError(
      415,
      "invalid_request_error",
      "unsupported_media_type",
      `Content-Type must be application/json (got ${type ? `"${type}"` : "none"}).`,
    );
  }
  if (!parsed.ok) return badRequest(parsed.error, "invalid_json");
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return badRequest("The request body must be a JSON object.", "invalid_json");
  }
  return value as Record<string, unknown>;
}

function objectContext(url: URL, config: SandboxConfig) {
  return { root: `${url.origin}${config.basePath}`, secret: config.secret, nowMs: config.nowMs };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
