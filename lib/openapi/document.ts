import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { errorBody } from "./schemas";
import { OPERATIONS, type Operation } from "./operations";

/**
 * The OpenAPI 3.1 document of every /api route, built from OPERATIONS (zod schemas → JSON Schema by
 * zod-openapi). Served publicly at /api/openapi.json: it describes the API and the catalog, which
 * any signed-in user can read anyway, and holds no secret (docs/decisions/openapi.md).
 */
const ERRORS: Record<number, string> = {
  400: "A field breaks a rule: `error.issues` names each field and its rule",
  401: "No valid session or API token",
  402: "The spend budget would be exceeded (spent, limit, estimate)",
  403: "Not allowed for this role or credential",
  404: "Not found (also another user's row)",
  429: "Too many requests (retryAfterSeconds)",
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBody } },
});

// Upload routes also take the file as the raw body, its name in X-File-Name (lib/http/multipart.ts).
const RAW_FILE = {
  type: "string" as const,
  format: "binary",
  description: "The file's bytes, its name in X-File-Name.",
};
const FILE_NAME_HEADER = z.object({
  "x-file-name": z.string().optional().meta({ description: "The raw body's file name, URI-encoded." }),
});

function pathParams(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string().min(1)]))) : undefined;
}

function operation(op: Operation): ZodOpenApiOperationObject {
  const status = String(op.status ?? 200);
  const success =
    op.response === "binary"
      ? {
          description: "The file",
          content: { "application/octet-stream": { schema: { type: "string" as const, format: "binary" } } },
        }
      : op.response === "none"
        ? { description: "Done" }
        : {
            description: "OK",
            content: { "application/json": { schema: op.response ?? z.looseObject({}) } },
          };
  const errors = Object.fromEntries(
    Object.entries(ERRORS)
      .filter(([code]) => op.access !== "public" || !["401", "402"].includes(code))
      .map(([code, text]) => [code, errorResponse(text)]),
  );
  const path = pathParams(op.path);
  return {
    summary: op.summary,
    operationId: `${op.method}${op.path
      .replace(/^\/api/, "")
      .replace(/\{(\w+)\}/g, "By_$1")
      .replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [op.path.split("/")[2]],
    ...(op.access === "public" ? { security: [] } : {}),
    ...(op.access === "admin" ? { "x-role": "admin" } : {}),
    ...(path || op.query || op.raw
      ? {
          requestParams: {
            ...(path ? { path } : {}),
            ...(op.query ? { query: op.query } : {}),
            ...(op.raw ? { header: FILE_NAME_HEADER } : {}),
          },
        }
      : {}),
    ...(op.body || op.form || op.raw
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: {
              ...(op.body ? { "application/json": { schema: op.body } } : {}),
              ...(op.form ? { "multipart/form-data": { schema: op.form } } : {}),
              ...(op.raw ? { "application/octet-stream": { schema: RAW_FILE } } : {}),
            },
          },
        }
      : {}),
    responses: { [status]: success, ...errors },
  };
}

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Model Studio API",
      version: "1",
      description:
        "Every /api route of the studio. Authenticate with an API token (`Authorization: Bearer …`, created under /account) or the session cookie of a signed-in browser. Errors are `{ error: { code, message, issues } }`.",
    },
    servers: [{ url: "/" }],
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer", description: "A studio API token (account page)." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "studio.session_token" },
      },
    },
    paths,
  });
  return cached;
}
