/**
 * Why an answer ended without being complete, as its message keeps it (types.ts MessageError): the
 * kind of failure the page titles and advises by, and the sentence, coded chat_… (messages
 * failures.chat_…) so the page words it in its language while API clients read the English. The
 * upstream's own words (its error message) and a runtime's error text stay as written, as params.
 */
import { failureOf, isStudioError, type FailureParam, type StudioError } from "../errors";
import { formatWait } from "../upstream/text-client";
import { IncompleteStreamError } from "./stream-parser";
import { messageError } from "./message-failures";
import type { MessageError } from "./types";

/** A studio error (the text API refused, could not be reached, …) kept with its own code and details. */
export function studioErrorAnswer(error: StudioError): MessageError {
  return messageError(error.code, error.status, failureOf(error));
}

/** A 200 that carried no answer chunk at all (an empty body, an HTML page). */
export function emptyStream(httpStatus: number, contentType: string | null): MessageError {
  const start = `The text API answered HTTP ${httpStatus} without a single answer chunk`;
  return messageError(
    "empty_stream",
    502,
    contentType
      ? {
          code: "chat_empty_stream_typed",
          message: `${start} (Content-Type: ${contentType}).`,
          params: { upstreamStatus: httpStatus, contentType },
        }
      : { code: "chat_empty_stream", message: `${start}.`, params: { upstreamStatus: httpStatus } },
  );
}

/** A stream that ended before the model said it was done. */
export function streamIncomplete(): MessageError {
  return messageError("stream_incomplete", 502, {
    code: "chat_stream_incomplete",
    message: "The upstream's stream ended without a finish reason, so the answer may be incomplete.",
  });
}

export function clientDisconnected(): MessageError {
  return messageError("client_disconnected", undefined, {
    code: "chat_client_disconnected",
    message: "The page was closed or lost its connection while the answer was streaming.",
  });
}

/** The studio gave up waiting: for the first bytes, or mid-answer once bytes had flowed. */
export function timedOut(waitedMs: number, midAnswer: boolean): MessageError {
  const seconds = waitedMs / 1000;
  return messageError(
    "timeout",
    504,
    midAnswer
      ? {
          code: "chat_idle_timeout",
          message: `The text API stopped sending mid-answer: nothing for ${formatWait(waitedMs)}, so the studio gave up.`,
          params: { seconds },
        }
      : {
          code: "chat_first_chunk_timeout",
          message: `The text API sent nothing for ${formatWait(waitedMs)}, so the studio gave up.`,
          params: { seconds },
        },
  );
}

/** An error chunk in the stream: the upstream's status and message, quoted. */
export function upstreamErrorMidStream(error: {
  code?: number;
  message?: string;
  status?: string;
}): MessageError {
  const status = typeof error.code === "number" && error.code >= 400 && error.code <= 599 ? error.code : 502;
  const upstreamStatus = error.status ?? String(status);
  const upstreamMessage = error.message ?? "no message";
  return messageError("upstream_rejected", status, {
    code: "chat_upstream_error_mid_stream",
    message: `The text API reported an error mid-stream (${upstreamStatus}): ${upstreamMessage}`,
    params: { upstreamStatus, upstreamMessage },
  });
}

/**
 * Why a stream broke: a stream cut in the middle of a chunk is ours to word; any other error (the
 * runtime's network error, a malformed chunk quoting the upstream's bytes) is kept as written.
 */
function breakCause(error: unknown): FailureParam {
  if (error instanceof IncompleteStreamError) {
    return {
      code: "chat_stream_cut_mid_chunk",
      message: error.message,
      params: { chunks: error.receivedChunks },
    };
  }
  return (error as Error)?.message ?? String(error);
}

/** The body broke off (network, a malformed or cut chunk). */
export function streamBroken(error: unknown): MessageError {
  const cause = breakCause(error);
  return messageError("stream_broken", undefined, {
    code: "chat_stream_broken",
    message: `The stream from the text API broke off: ${(error as Error)?.message ?? String(error)}`,
    params: { cause },
  });
}

/** The studio itself failed while answering (e.g. its database). */
export function answerFailed(error: unknown): MessageError {
  return messageError("internal", undefined, {
    code: "chat_answer_failed",
    message: `The studio failed while answering: ${(error as Error)?.message}`,
    params: { cause: isStudioError(error) ? failureOf(error) : String((error as Error)?.message) },
  });
}

/** A row left streaming by a restart or crash (conversations.ts settles it). */
export function studioStopped(): MessageError {
  return messageError("interrupted", undefined, {
    code: "chat_studio_stopped",
    message: "The studio stopped while this answer was streaming; the text received until then is kept.",
  });
}
