/**
 * The message's `error` column: why an answer failed and the notices it was asked with, kept
 * together as one JSON object (read back by the views, written by the answer and the sends).
 */
import type { Failure, FailureParam } from "../errors";
import { maskFailure } from "../failure-fields";
import { publicText, type UpstreamSecrets } from "../upstream/public-text";
import { errorFailure } from "./message-failures";
import type { FailureParams, MessageError, MessageView } from "./types";

/**
 * The `error` column holds a JSON object: the error (code, status, message, messageCode,
 * messageParams: types.ts MessageError) when the answer failed, and/or the notices (English, with
 * their codes and params in parallel arrays, as the answer carries them). Older rows read too: an
 * error or notice without a code reads as code "text" (shown as it is), and plain text is the
 * error's message. As stored: the view masks what may quote the upstream.
 */
export function readErrorColumn(text: string | null): { error: MessageError | null; notices: Failure[] } {
  if (!text) return { error: null, notices: [] };
  const value = parseJson(text) as Record<string, unknown> | undefined;
  if (!value || typeof value !== "object")
    return { error: { code: "error", message: text, messageCode: "text", messageParams: null }, notices: [] };
  const codes = Array.isArray(value.noticeCodes) ? value.noticeCodes : [];
  const params = Array.isArray(value.noticeParams) ? value.noticeParams : [];
  const notices = (Array.isArray(value.notices) ? value.notices : []).flatMap((notice: unknown, i) => {
    if (typeof notice !== "string") return [];
    const code = typeof codes[i] === "string" ? (codes[i] as string) : "text";
    const kept = storedParams(params[i]);
    return [kept ? { code, message: notice, params: kept } : { code, message: notice }];
  });
  const error: MessageError | null =
    typeof value.message === "string"
      ? {
          code: typeof value.code === "string" ? value.code : "error",
          ...(typeof value.status === "number" ? { status: value.status } : {}),
          message: value.message,
          messageCode: typeof value.messageCode === "string" ? value.messageCode : "text",
          messageParams: storedParams(value.messageParams),
        }
      : null;
  return { error, notices };
}

const storedParams = (value: unknown): FailureParams =>
  value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length
    ? (value as Record<string, FailureParam>)
    : null;

/** The error and notices as the browser sees them: sentences and params masked (public-text). */
export function errorFields(
  text: string | null,
  secrets: UpstreamSecrets,
): Pick<MessageView, "error" | "notices" | "noticeCodes" | "noticeParams"> {
  const { error, notices } = readErrorColumn(text);
  const mask = (text: string) => publicText(text, secrets);
  const shown = notices.map((n) => maskFailure(n, mask));
  const shownError = error && maskFailure(errorFailure(error), mask);
  return {
    error: error && {
      ...error,
      message: shownError!.message,
      messageParams: shownError!.params ?? null,
    },
    notices: shown.map((n) => n.message),
    noticeCodes: shown.map((n) => n.code),
    noticeParams: shown.map((n) => n.params ?? null),
  };
}

/**
 * The `error` column's value for an error and/or notices; null when there is neither. The notices
 * are kept as the answer carries them (English strings, codes and params side by side), so a
 * reader of the older shape still finds its strings.
 */
export function errorColumn(error: MessageError | null, notices: Failure[] = []): string | null {
  if (!error && notices.length === 0) return null;
  return JSON.stringify({
    ...error,
    ...(notices.length
      ? {
          notices: notices.map((n) => n.message),
          noticeCodes: notices.map((n) => n.code),
          noticeParams: notices.map((n) => (n.params && Object.keys(n.params).length ? n.params : null)),
        }
      : {}),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
