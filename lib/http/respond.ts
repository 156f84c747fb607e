import { ZodError } from "zod";
import { env } from "../env";
import { StudioError, formatPath, isStudioError } from "../errors";
import { dependencyFault, unavailableError } from "../health/dependency-fault";
import { processFaultWatch } from "../health/process-health";
import { readJsonBody } from "./json-body";
import { zodIssueCode } from "./zod-issue";
import { publicErrorBody } from "../upstream/public-text";
import { serverLog } from "../log";

/** JSON error response in the studio's single error shape; upstream words as public-text allows. */
export function errorResponse(error: unknown): Response {
  // A dependency that is down is not the request's fault: 503 + Retry-After naming it, its
  // address and the driver's words only in the log.
  const fault = isStudioError(error) ? null : dependencyFault(error);
  if (fault) {
    // Logged when an outage begins and when it ends, not once per request (fault-watch.ts).
    processFaultWatch().fault(fault);
    return errorResponse(unavailableError(fault));
  }
  if (isStudioError(error)) {
    const retryAfter = error.details.retryAfterSeconds;
    const headers: HeadersInit = typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {};
    return Response.json(publicErrorBody(error), { status: error.status, headers });
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({
      path: formatPath(i.path),
      message: i.message,
      ...zodIssueCode(i),
    }));
    const first = issues[0];
    const message = first ? `${first.path || "body"}: ${first.message}` : "Invalid request";
    return Response.json(new StudioError("invalid_request", message, { issues }).toJSON(), { status: 400 });
  }
  serverLog.error("[http] unexpected error:", error);
  return Response.json(
    new StudioError("internal", "Internal error in the studio; see the server log.").toJSON(),
    {
      status: 500,
    },
  );
}

/**
 * Reads a JSON body within the configured cap (env BODY_LIMIT_BYTES; task submits pass their own,
 * smaller one): 415 unless it is application/json, 413 above the cap, 400 when malformed.
 */
export function readJson(request: Request, maxBytes: number = env().bodyLimits.json): Promise<unknown> {
  return readJsonBody(request, maxBytes);
}
