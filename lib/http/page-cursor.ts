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
      isStoredInstant(parsed[0])
    ) {
      return { submittedAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new StudioError("invalid_request", "cursor: is not a cursor returned by this API", {
    issues: [{ path: "cursor", message: "is not a cursor returned by this API", code: "not_a_cursor" }],
  });
}

/**
 * A UTC timestamp as either database stores it (SQLite: `2026-01-01T00:00:00.000+00:00`, or
 * `2026-01-01 00:00:00` from a column default; PostgreSQL: `2026-01-01T00:00:00.000`) that names a
 * real instant. PostgreSQL casts the cursor's text to a timestamp: anything else would fail there
 * as a server error instead of this 400.
 */
export function isStoredInstant(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d{1,6})?(Z|\+00:00)?$/.exec(text);
  if (!match) return false;
  const time = Date.parse(`${match[1]}T${match[2]}Z`);
  // Date.parse rolls 2026-02-30 over to March 2: the round trip catches a day that does not exist.
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(`${match[1]}T${match[2]}`);
}
