/** What the user can do about a failed or cut-off answer, from its error code and HTTP status. */
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

const titles: Record<ErrorKind, string> = {
  quota: "Quota or rate limit reached",
  bad_request: "The request was refused",
  auth: "The API key was refused",
  unavailable: "The text service is unavailable",
  timeout: "The text service took too long",
  disconnected: "The connection to the page was lost",
  network: "The connection broke mid-answer",
  other: "Something went wrong",
};

const advice: Record<ErrorKind, string> = {
  quota: "Wait a minute and retry, or switch to another variant of the model (for example the low-cost one).",
  bad_request:
    "Check the attachments (images or videos, within the size limits) and the generation settings, then send again.",
  auth: "The studio's UPSTREAM_API_KEY is missing or not accepted: fix the configuration and restart the studio.",
  unavailable: "Retry in a moment, or pick another model variant.",
  timeout: "Retry; large attachments and long answers take longer. A lower max output tokens helps.",
  disconnected: "The text received until then is kept. Regenerate to get a complete answer.",
  network: "The text received until then is kept. Regenerate to get a complete answer.",
  other: "Retry; if it keeps failing, look at the studio's server log.",
};

export function describeError(error: Pick<MessageError, "code" | "status">): {
  title: string;
  advice: string;
} {
  const kind = errorKind(error);
  return { title: titles[kind], advice: advice[kind] };
}
