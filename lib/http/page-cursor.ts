import { StudioError } from "../errors";

/**
 * Position in the order of submission, newest first (submittedAt DESC, id DESC), which the task list
 * and the gallery page through. It carries submittedAt exactly as
 * stored, so the comparison in SQL is text against text and ties on the same instant stay stable.
 */
export type PageCursor = { submittedAt: string; id: string };

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.submittedAt, cursor.id]), "utf8").toString("base64url");
}

export function decodeCursor(value: string): PageCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string" &&
      /^\d{4}-\d{2}-\d{2}/.test(parsed[0])
    ) {
      return { submittedAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new StudioError("invalid_request", "cursor: is not a cursor returned by this API", {
    issues: [{ path: "cursor", message: "is not a cursor returned by this API" }],
  });
}
