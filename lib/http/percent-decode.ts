import { StudioError } from "../errors";

/** `decodeURIComponent`, but a stray `%` is the caller's mistake (400 naming the field), not a server error. */
export function percentDecode(value: string, field: string, message: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new StudioError("invalid_request", message, {
      issues: [{ path: field, message: "is not valid percent-encoding", code: "percent_encoding" }],
    });
  }
}
