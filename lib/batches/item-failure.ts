import { readFailure, type Failure, type FailureParam } from "../errors";
import { publicText, type UpstreamSecrets } from "../upstream/public-text";

type FailureRow = { error: string | null; errorCode: string | null; errorParams: string | null };

/** A failure param as a browser may see it: texts (an upstream's words among them) masked. */
function publicParam(value: FailureParam, secrets: UpstreamSecrets): FailureParam {
  if (typeof value === "number") return value;
  if (typeof value === "string") return publicText(value, secrets);
  return publicFailure(value, secrets);
}

function publicFailure(failure: Failure, secrets: UpstreamSecrets): Failure {
  const params = failure.params
    ? Object.fromEntries(Object.entries(failure.params).map(([name, v]) => [name, publicParam(v, secrets)]))
    : undefined;
  return { ...failure, message: publicText(failure.message, secrets), ...(params ? { params } : {}) };
}

/**
 * Why an item was rejected, has an unknown outcome, waits or is held, as the batch answers carry
 * it: the English sentence, its code and params (the page words them: failures.batch_… and the
 * errors of the sends it wraps). The sentence may quote the upstream (its rejection), so it and
 * its params pass through publicText like every upstream text an answer carries. A row written
 * before codes were kept answers code "text" (shown as it is) and no params.
 */
export function itemFailureFields(row: FailureRow, secrets: UpstreamSecrets) {
  const failure = readFailure(row);
  const shown = failure ? publicFailure(failure, secrets) : null;
  return {
    error: shown?.message ?? null,
    errorCode: shown?.code ?? null,
    errorParams: shown?.params ?? null,
  };
}
