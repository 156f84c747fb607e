/**
 * What kind of failure a failed or cut-off answer had, from its error code and HTTP status: the chat
 * words its title and what the user can do about it per kind (messages `chat.error.<kind>`).
 */
import type { MessageError } from "./types";

export type ErrorKind =
  "quota" | "bad_request" | "auth" | "unavailable" | "timeout" | "disconnected" | "network" | "other";

export function errorKind(error: Pick<MessageError, "code" | "status">): ErrorKind {
  const { code, status } = error;
  if (code === "timeout" || status === 504) return "timeout";
  if (code === "client_disconnected") return "disconnected";
  if (code === "stream_broken" || code === "stream_incomplete" || code === "network") return "network";
  if (status === 429) return "quota";
  if (status === 401 || status === 403) return "auth";
  if (code === "upstream_unreachable" || (status !== undefined && status >= 500)) return "unavailable";
  if (status !== undefined && status >= 400) return "bad_request";
  return "other";
}
