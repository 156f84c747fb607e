import type { Failure } from "../errors";
import { RefusedUrlError } from "../net/safe-fetch";

/**
 * The sentences webhooks keep: why an attempt failed (WebhookAttempt.error) and why an endpoint was
 * disabled (WebhookEndpoint.disabledReason), each with its code and params so the page words it in
 * its own language (messages `failures.webhook_*`). The English is what API clients have always read.
 */

/** The receiver answered, with a status other than 2xx. */
export function answeredStatus(status: number): Failure {
  return {
    code: "webhook_http_status",
    message: `The receiver answered HTTP ${status}.`,
    params: { status },
  };
}

/** No answer within the send's timeout. */
export function noAnswerWithin(timeoutMs: number): Failure {
  const seconds = timeoutMs / 1000;
  return { code: "webhook_timeout", message: `No answer within ${seconds} s.`, params: { seconds } };
}

/**
 * The send failed before an answer: an address the safe fetch refuses (lib/net: a private or
 * loopback receiver not allowed), the network (refused connection, unknown host: undici's "fetch
 * failed" with the system's code as its cause), or anything else, in its own words.
 */
export function sendFailed(error: unknown, url: string): Failure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RefusedUrlError && error.origin)
    return { code: "webhook_address_refused", message, params: { host: hostOf(url) } };
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (error instanceof TypeError && cause) {
    const reason =
      typeof cause.code === "string"
        ? cause.code
        : typeof cause.message === "string"
          ? cause.message
          : message;
    return { code: "webhook_unreachable", message, params: { reason } };
  }
  return { code: "webhook_request_failed", message, params: { detail: message } };
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

export const disabledByHand: Failure = { code: "webhook_disabled_by_hand", message: "Disabled by hand." };

/**
 * Disabled automatically after sustained failure: every attempt failed for the disable period
 * (`since` set), or too many attempts failed in a row. `last` is the last attempt's failure.
 */
export function disabledAfterFailures(
  at: Date,
  last: Failure,
  failing: { since: Date } | { attempts: number },
): Failure {
  if ("since" in failing)
    return {
      code: "webhook_disabled_failing_since",
      message: `Disabled automatically on ${at.toISOString()}: every delivery failed since ${failing.since.toISOString()} (last: ${last.message}).`,
      params: { at: at.toISOString(), since: failing.since.toISOString(), last },
    };
  return {
    code: "webhook_disabled_failed_in_a_row",
    message: `Disabled automatically on ${at.toISOString()}: ${failing.attempts} attempts in a row failed (last: ${last.message}).`,
    params: { at: at.toISOString(), attempts: failing.attempts, last },
  };
}
