import { ZodError } from "zod";
import { StudioError, formatPath, isStudioError } from "../errors";

/** JSON error response in the studio's single error shape. */
export function errorResponse(error: unknown): Response {
  if (isStudioError(error)) return Response.json(error.toJSON(), { status: error.status });
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
    const first = issues[0];
    const message = first ? `${first.path || "body"}: ${first.message}` : "Invalid request";
    return Response.json(new StudioError("invalid_request", message, { issues }).toJSON(), { status: 400 });
  }
  console.error(error);
  return Response.json(
    new StudioError("internal", "Internal error in the studio; see the server log.").toJSON(),
    {
      status: 500,
    },
  );
}

/** Reads a JSON request body, failing with a 400 that says the body is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim())
    throw new StudioError("invalid_request", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new StudioError(
      "invalid_request",
      `The request body is not valid JSON: ${(cause as Error).message}`,
    );
  }
}

/** Wraps a route handler so any thrown error becomes the studio's error response. */
export function handler<Args extends unknown[]>(fn: (...args: Args) => Promise<Response>) {
  return async (...args: Args): Promise<Response> => {
    try {
      return await fn(...args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
