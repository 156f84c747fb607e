import type { Failure, FailureParam } from "@/lib/errors";

/**
 * A kept failure as the sequence's answer carries it (`error`, `errorCode`, `errorParams`; a
 * take's description: `reason…`) back into the Failure that useFailureMessage() words.
 */
export function keptFailure(
  message: string | null,
  code: string | null,
  params: Record<string, FailureParam> | null,
): Failure | null {
  if (message === null) return null;
  return params ? { code: code ?? "text", message, params } : { code: code ?? "text", message };
}
