import { failureOf, isStudioError, type Failure } from "../errors";
import { dependencyFault } from "../health/dependency-fault";

export type SendVerdict =
  /** The upstream never got it (unreachable before sending, 429, 503): send again after a pause. */
  | { state: "planned"; failure: Failure }
  /** The upstream refused it (a 4xx) or the catalog did: no task exists, nothing is billed. */
  | { state: "rejected"; failure: Failure }
  /** The upstream may hold a task for it (and bill it): never sent again automatically. */
  | { state: "outcome_unknown"; failure: Failure };

/** Answers that say "not processed, try later" rather than "refused". */
const TRY_LATER = new Set([429, 503]);

/**
 * What a failed send means for a batch item, and why (a failure the batch page words: an error the
 * send threw keeps its own code; our sentences around it are `batch_…` codes). When in doubt,
 * "outcome unknown": sending twice may bill twice, while an unknown item only waits for the user.
 */
export function sendVerdict(error: unknown, options: { upstreamCalled?: boolean } = {}): SendVerdict {
  const fault = isStudioError(error) ? null : dependencyFault(error);
  if (fault) {
    const what = `The studio's ${fault.dependency} was unavailable (${fault.kind})`;
    const params = { dependency: fault.dependency, kind: fault.kind };
    // Before the upstream was called nothing can exist there: plan it again. After, the upstream
    // may hold (and bill) a task whose row could not be written: never send it twice.
    return options.upstreamCalled === false
      ? {
          state: "planned",
          failure: { code: "batch_dependency_before_send", message: `${what} before the send.`, params },
        }
      : {
          state: "outcome_unknown",
          failure: {
            code: "batch_dependency_after_send",
            message: `${what}; the upstream may have created the task.`,
            params,
          },
        };
  }
  if (isStudioError(error) && error.code === "dependency_unavailable")
    return options.upstreamCalled === false
      ? { state: "planned", failure: failureOf(error) }
      : {
          state: "outcome_unknown",
          failure: {
            code: "batch_may_exist_upstream",
            message: `${error.message} The upstream may have created the task.`,
            params: { cause: failureOf(error) },
          },
        };
  if (!isStudioError(error)) {
    const detail = (error as Error)?.message ?? String(error);
    return {
      state: "outcome_unknown",
      failure: {
        code: "batch_send_broke_off",
        message: `The send failed after it started (${detail}); the upstream may have created the task.`,
        params: { detail },
      },
    };
  }
  const failure = failureOf(error);
  switch (error.code) {
    case "invalid_request":
    case "unknown_model":
    case "model_unavailable":
      return { state: "rejected", failure };
    case "upstream_rejected": {
      const status = Number(error.details.upstreamStatus ?? error.status);
      if (TRY_LATER.has(status)) return { state: "planned", failure };
      // A 5xx may come from a gateway after the service accepted the task.
      return status >= 400 && status < 500
        ? { state: "rejected", failure }
        : { state: "outcome_unknown", failure };
    }
    case "upstream_unreachable":
      return error.details.outcome === "unknown"
        ? { state: "outcome_unknown", failure }
        : { state: "planned", failure };
    default:
      // upstream_bad_response (a 2xx that is not a task), a task id already stored, …
      return { state: "outcome_unknown", failure };
  }
}
