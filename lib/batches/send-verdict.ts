import { isStudioError } from "../errors";
import { dependencyFault } from "../health/dependency-fault";

export type SendVerdict =
  /** The upstream never got it (unreachable before sending, 429, 503): send again after a pause. */
  | { state: "planned"; message: string }
  /** The upstream refused it (a 4xx) or the catalog did: no task exists, nothing is billed. */
  | { state: "rejected"; message: string }
  /** The upstream may hold a task for it (and bill it): never sent again automatically. */
  | { state: "outcome_unknown"; message: string };

/** Answers that say "not processed, try later" rather than "refused". */
const TRY_LATER = new Set([429, 503]);

/**
 * What a failed send means for a batch item. When in doubt, "outcome unknown": sending twice may
 * bill twice, while an unknown item only waits for the user to decide.
 */
export function sendVerdict(error: unknown, options: { upstreamCalled?: boolean } = {}): SendVerdict {
  const fault = isStudioError(error) ? null : dependencyFault(error);
  if (fault) {
    const what = `The studio's ${fault.dependency} was unavailable (${fault.kind})`;
    // Before the upstream was called nothing can exist there: plan it again. After, the upstream
    // may hold (and bill) a task whose row could not be written: never send it twice.
    return options.upstreamCalled === false
      ? { state: "planned", message: `${what} before the send.` }
      : { state: "outcome_unknown", message: `${what}; the upstream may have created the task.` };
  }
  if (isStudioError(error) && error.code === "dependency_unavailable")
    return options.upstreamCalled === false
      ? { state: "planned", message: error.message }
      : { state: "outcome_unknown", message: `${error.message} The upstream may have created the task.` };
  if (!isStudioError(error))
    return {
      state: "outcome_unknown",
      message: `The send failed after it started (${(error as Error)?.message ?? String(error)}); the upstream may have created the task.`,
    };
  const { message } = error;
  switch (error.code) {
    case "invalid_request":
    case "unknown_model":
    case "model_unavailable":
      return { state: "rejected", message };
    case "upstream_rejected": {
      const status = Number(error.details.upstreamStatus ?? error.status);
      if (TRY_LATER.has(status)) return { state: "planned", message };
      // A 5xx may come from a gateway after the service accepted the task.
      return status >= 400 && status < 500
        ? { state: "rejected", message }
        : { state: "outcome_unknown", message };
    }
    case "upstream_unreachable":
      return error.details.outcome === "unknown"
        ? { state: "outcome_unknown", message }
        : { state: "planned", message };
    default:
      // upstream_bad_response (a 2xx that is not a task), a task id already stored, …
      return { state: "outcome_unknown", message };
  }
}
