import { Alert } from "@/components/ui/alert";
import { ApiError, NETWORK_ERROR_STATUS } from "@/components/api-client";
import { unavailableSentence } from "./availability";
import { MediaUnverified, unverifiedMediaOf } from "./media-unverified";

/** What went wrong on submit and what to do, for every failure the proxy can answer with. */
export function describeSubmitError(error: unknown, unplacedIssues: string[]) {
  if (!(error instanceof ApiError)) {
    return { title: "The task could not be submitted", message: String(error), hint: "" };
  }
  const keep = "Your values are kept in the form.";
  if (error.status === NETWORK_ERROR_STATUS) {
    return { title: "The studio server did not answer", message: error.message, hint: keep };
  }
  switch (error.code) {
    case "invalid_request":
      return {
        title: "The server rejected these parameters",
        message: unplacedIssues.length > 0 ? "" : error.message,
        hint:
          error.issues.length > unplacedIssues.length
            ? "The fields concerned are marked below; fix them and submit again."
            : "Fix the request and submit again.",
      };
    case "media_unverified":
      return {
        title: "Some files could not be checked: nothing was sent",
        message: "",
        hint: `The studio could not fetch or read these files to check them against the model's limits. If the upstream can reach them, send anyway; otherwise fix the URLs. ${keep}`,
      };
    case "unknown_model":
      return { title: "Unknown model", message: error.message, hint: "Pick a model id from the list." };
    case "model_unavailable": {
      const reason = typeof error.details.reason === "string" ? error.details.reason : "";
      return {
        title: `This model cannot be invoked${reason ? ` (${reason})` : ""}`,
        message: reason ? unavailableSentence(reason) : error.message,
        hint: `Pick an available model. ${keep}`,
      };
    }
    case "budget_exceeded": {
      const period = error.details.period === "month" ? "monthly" : "daily";
      return {
        title: `Over your ${period} budget: nothing was sent`,
        message: error.message,
        hint: `Ask an admin for a larger budget, or wait until it resets. ${keep}`,
      };
    }
    case "rate_limited":
      return { title: "Too many submits in a row: nothing was sent", message: error.message, hint: keep };
    case "upstream_unreachable":
      // The body reached the upstream (or may have) and no answer came back: the task may exist.
      if (error.details.outcome === "unknown") {
        return {
          title: "The upstream may have created this task",
          message: error.message,
          hint: `The studio did not get the task back, so it cannot track it. Submitting again may create (and bill) a second task: check the upstream's task list or usage first. ${keep}`,
        };
      }
      return {
        title: "The upstream service could not be reached",
        message: error.message,
        hint: `The studio got no task back. Try again in a moment; if it persists, check the server's upstream configuration. ${keep}`,
      };
    case "upstream_bad_response":
      return {
        title: "The upstream service answered something that is not a task",
        message: error.message,
        hint: `Try again in a moment. ${keep}`,
      };
    case "upstream_rejected":
      return {
        title: `The upstream service rejected the task (HTTP ${String(error.details.upstreamStatus ?? error.status)})`,
        message: error.message,
        hint: `Check the parameters against the model's rules, or try again later if this is a quota or availability problem. ${keep}`,
      };
    default:
      return { title: `Submit failed (HTTP ${error.status})`, message: error.message, hint: keep };
  }
}

/** `onSendAnyway`: offered when the only problem is files the studio could not check. */
export function SubmitErrorAlert({
  error,
  unplacedIssues,
  onSendAnyway,
}: {
  error: unknown;
  unplacedIssues: string[];
  onSendAnyway?: () => void;
}) {
  const { title, message, hint } = describeSubmitError(error, unplacedIssues);
  const unverified =
    error instanceof ApiError && error.code === "media_unverified" ? unverifiedMediaOf(error.details) : null;
  return (
    <Alert tone={unverified ? "warning" : "danger"} live title={title} testId="submit-error">
      {message && <p>{message}</p>}
      {unverified && <MediaUnverified items={unverified} onSendAnyway={onSendAnyway} />}
      {unplacedIssues.length > 0 && (
        <ul className="mt-1 list-inside list-disc">
          {unplacedIssues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      {hint && <p className="mt-1 text-red-200/80">{hint}</p>}
    </Alert>
  );
}
