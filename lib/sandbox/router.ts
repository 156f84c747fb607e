import { ensureSandboxV1Mapping } from "@/lib/catalog/v1";
import { ASSET_UPLOAD_PATH, handleAssetUpload } from "./asset-upload";
import { apiError, methodNotAllowed, nativeApiError, notFound } from "./api-error";
import { hasBearerToken, unauthorized, unauthorizedMessage } from "./auth";
import { resolveConfig, type SandboxConfig, type SandboxOptions } from "./options";
import { serveResultFile } from "./result-files";
import { seedFromSubmit } from "./submit";
import { decodeTaskId, encodeTaskId } from "./task-codec";
import { taskObject, v1TaskObject } from "./task-object";
import { handleTextApi } from "./text-api";

const TASKS = "/v2/model-center/tasks";
const TASK_PATH = /^\/v2\/model-center\/tasks\/([^/]+)$/;
const V1_VIDEOS = /^\/v1\/([^/]+)\/videos$/;
const V1_VIDEO = /^\/v1\/([^/]+)\/videos\/([^/]+)$/;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The whole sandbox upstream as one fetch-style handler, mounted by the studio under /api/sandbox
 * and by `npm run sandbox` at the root. Paths below are relative to that mount point.
 */
export async function handleSandboxRequest(
  request: Request,
  options: SandboxOptions = {},
): Promise<Response> {
  ensureSandboxV1Mapping();
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
  if (path === "/_requests" && config.exposeRequestLog) return requestLogRoute(method, config);

  const file = /^\/files\/([^/]+)\/([^/]+)$/.exec(path);
  if (file) {
    logRequest(config, request, path + url.search, null, 0);
    if (method !== "GET" && method !== "HEAD") return methodNotAllowed(method, ["GET", "HEAD"]);
    return serveResultFile(request, decode(file[1]), decode(file[2]), config);
  }

  if (path === ASSET_UPLOAD_PATH) {
    // A file, not JSON: logged without its bytes.
    logRequest(config, request, path + url.search, null, Number(request.headers.get("content-length") ?? 0));
    return handleAssetUpload(request);
  }

  const textCall = textApiCall(path);
  // Each API answers in its own error layout: upstream-style for tasks, native for the text API.
  const fail = (problem: Problem) =>
    textCall
      ? nativeApiError(problem.status, problem.message)
      : apiError(problem.status, "invalid_request_error", problem.code, problem.message);

  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return fail(TOO_LARGE);
  const text = method === "POST" ? await request.text() : "";
  const parsed = parseBody(text);
  const bytes = Buffer.byteLength(text);
  logRequest(config, request, path + url.search, text ? (parsed.ok ? parsed.value : text) : null, bytes);
  if (bytes > MAX_BODY_BYTES) return fail(TOO_LARGE);
  if (!hasBearerToken(request))
    return textCall ? nativeApiError(401, unauthorizedMessage(request)) : unauthorized(request);

  if (path === TASKS) {
    if (method !== "POST") return methodNotAllowed(method, ["POST"]);
    const body = jsonObjectBody(request, parsed);
    if ("problem" in body) return fail(body.problem);
    const outcome = seedFromSubmit(body.value, {
      nowMs: config.nowMs,
      defaultTtlSeconds: config.ttlSeconds,
      timeScale: config.timeScale,
    });
    if ("rejection" in outcome) return outcome.rejection;
    const id = encodeTaskId(outcome.seed);
    return Response.json(taskObject(id, outcome.seed, objectContext(request, url, config)), noStore);
  }

  const v1Create = V1_VIDEOS.exec(path);
  if (v1Create) {
    if (method !== "POST") return methodNotAllowed(method, ["POST"]);
    const body = jsonObjectBody(request, parsed);
    if ("problem" in body) return fail(body.problem);
    const outcome = seedFromSubmit(body.value, {
      nowMs: config.nowMs,
      defaultTtlSeconds: config.ttlSeconds,
      timeScale: config.timeScale,
      v1Family: decode(v1Create[1]),
    });
    if ("rejection" in outcome) return outcome.rejection;
    const id = encodeTaskId(outcome.seed);
    return Response.json(v1TaskObject(id, outcome.seed, objectContext(request, url, config)), noStore);
  }

  const v1Query = V1_VIDEO.exec(path);
  if (v1Query) {
    if (method !== "GET") return methodNotAllowed(method, ["GET"]);
    const id = decode(v1Query[2]);
    const seed = decodeTaskId(id);
    if (!seed || seed.v1Family !== decode(v1Query[1]))
      return notFound(`Video "${id}" does not exist.`, "video_not_found");
    return Response.json(v1TaskObject(id, seed, objectContext(request, url, config)), noStore);
  }

  const task = TASK_PATH.exec(path);
  if (task) {
    if (method !== "GET") return methodNotAllowed(method, ["GET"]);
    const id = decode(task[1]);
    const seed = decodeTaskId(id);
    if (!seed || seed.v1Family !== undefined)
      return notFound(`Task "${id}" does not exist.`, "task_not_found");
    return Response.json(taskObject(id, seed, objectContext(request, url, config)), noStore);
  }

  if (textCall) {
    if (method !== "POST") {
      const response = nativeApiError(405, `${method} is not allowed here; use POST.`);
      response.headers.set("Allow", "POST");
      return response;
    }
    const body = jsonObjectBody(request, parsed);
    if ("problem" in body) return fail(body.problem);
    // The body was consumed for the log; the text API gets an identical request.
    const replay = new Request(request.url, {
      method,
      headers: request.headers,
      body: text,
      signal: request.signal,
    });
    return handleTextApi(replay, textCall.model, textCall.method);
  }

  return notFound(`No such endpoint: ${method} ${path}.`);
}

type Problem = { status: number; code: string; message: string };

const TOO_LARGE: Problem = {
  status: 413,
  code: "payload_too_large",
  message: "The request body exceeds 64 MB.",
};

function textApiCall(path: string) {
  const segment = /^\/v1\/models\/([^/]+)$/.exec(path)?.[1];
  const call = segment && /^([^:]+):(generateContent|streamGenerateContent)$/.exec(decode(segment));
  return call
    ? { model: call[1], method: call[2] as "generateContent" | "streamGenerateContent" }
    : undefined;
}

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
function jsonObjectBody(
  request: Request,
  parsed: Parsed,
): { value: Record<string, unknown> } | { problem: Problem } {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) {
    const got = type ? `"${type}"` : "none";
    return {
      problem: {
        status: 415,
        code: "unsupported_media_type",
        message: `Content-Type must be application/json (got ${got}).`,
      },
    };
  }
  if (!parsed.ok) return { problem: { status: 400, code: "invalid_json", message: parsed.error } };
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      problem: { status: 400, code: "invalid_json", message: "The request body must be a JSON object." },
    };
  }
  return { value: value as Record<string, unknown> };
}

/**
 * Result URLs point back at the host the client used (Host header): frameworks may rewrite
 * request.url (Next's dev server says "localhost", which can resolve to ::1 where nothing listens).
 */
function objectContext(request: Request, url: URL, config: SandboxConfig) {
  const host = request.headers.get("host") ?? url.host;
  return { root: `${url.protocol}//${host}${config.basePath}`, secret: config.secret, nowMs: config.nowMs };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
