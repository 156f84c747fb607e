import { StudioError } from "../errors";

/**
 * A place in a collection's order (position ASC, then task id): the item page's cursor. Positions
 * are floats (order.ts); JSON keeps every double exactly.
 */
export type PositionCursor = { position: number; taskId: string };

export function encodePositionCursor(cursor: PositionCursor): string {
  return Buffer.from(JSON.stringify(["p", cursor.position, cursor.taskId]), "utf8").toString("base64url");
}

export function decodePositionCursor(value: string): PositionCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      parsed[0] === "p" &&
      typeof parsed[1] === "number" &&
      Number.isFinite(parsed[1]) &&
      typeof parsed[2] === "string"
    ) {
      return { position: parsed[1], taskId: parsed[2] };
    }
  } catch {
    // the error below
  }
  throw new StudioError("invalid_request", "cursor: is not a cursor returned by this API", {
    issues: [{ path: "cursor", message: "is not a cursor returned by this API", code: "not_a_cursor" }],
  });
}
