/**
 * A message's kept sentences as failures (lib/errors.ts Failure) that the page words in its
 * language (components/i18n/failure-message.ts): an answer's error sentence and its notices.
 * Browser-safe: the server builds its errors with `messageError`, the page reads them back.
 */
import type { Failure } from "../errors";
import type { FailureParams, MessageError, MessageView } from "./types";

const asFailure = (code: string, message: string, params: FailureParams | undefined): Failure =>
  params && Object.keys(params).length ? { code, message, params } : { code, message };

/** A message error (`code`: its kind, `status`) whose sentence is `failure`. */
export function messageError(code: string, status: number | undefined, failure: Failure): MessageError {
  return {
    code,
    ...(status === undefined ? {} : { status }),
    message: failure.message,
    messageCode: failure.code,
    messageParams: failure.params && Object.keys(failure.params).length ? failure.params : null,
  };
}

/** The error's sentence as a failure; an error without a sentence code ("text") is shown as it is. */
export function errorFailure(error: MessageError): Failure {
  return asFailure(error.messageCode || "text", error.message, error.messageParams);
}

/** The notices as failures, in order; a notice without a code is shown as it is ("text"). */
export function noticeFailures(
  message: Pick<MessageView, "notices" | "noticeCodes" | "noticeParams">,
): Failure[] {
  return message.notices.map((text, i) =>
    asFailure(message.noticeCodes[i] ?? "text", text, message.noticeParams[i]),
  );
}
