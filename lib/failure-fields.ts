import { readFailure, type Failure, type FailureParam } from "./errors";

/**
 * A kept failure (lib/errors.ts) in an answer: `<column>` is the English sentence, as answers have
 * always carried it; `<column>Code` and `<column>Params` beside it let a script, or the browser
 * (components/i18n/failure-message.ts), word it in another language. All null for none.
 */
export type FailureFields<C extends string = "error"> = Record<C | `${C}Code`, string | null> &
  Record<`${C}Params`, FailureParams | null>;

export type FailureParams = Record<string, FailureParam>;

export function failureFields<C extends string = "error">(
  failure: Failure | null,
  column: C = "error" as C,
): FailureFields<C> {
  return {
    [column]: failure?.message ?? null,
    [`${column}Code`]: failure?.code ?? null,
    [`${column}Params`]: failure?.params && Object.keys(failure.params).length ? failure.params : null,
  } as FailureFields<C>;
}

/** The failure an answer carries (the browser's half of `failureFields`), or null for none. */
export function answerFailure<C extends string = "error">(
  answer: Partial<FailureFields<NoInfer<C>>>,
  column: C = "error" as C,
): Failure | null {
  const message = answer[column] as string | null | undefined;
  if (message == null) return null;
  const code = (answer[`${column}Code`] as string | null | undefined) ?? "text";
  const params = answer[`${column}Params`] as FailureParams | null | undefined;
  return params ? { code, message, params } : { code, message };
}

/**
 * The same failure with `mask` applied to its sentence and to every text it names, nested failures
 * included: a param carries the same words the sentence does (an address, a path, a base URL), so
 * what an audience may not read is hidden from both.
 */
export function maskFailure(failure: Failure, mask: (text: string) => string): Failure {
  const masked: Failure = { code: failure.code, message: mask(failure.message) };
  if (failure.params) {
    const params: FailureParams = {};
    for (const [name, value] of Object.entries(failure.params))
      params[name] =
        typeof value === "string"
          ? mask(value)
          : typeof value === "number"
            ? value
            : maskFailure(value, mask);
    masked.params = params;
  }
  return masked;
}

/** An answer's fields for a kept failure, every text of it through `mask` (what its audience may read). */
export function shownFailure<C extends string = "error">(
  failure: Failure | null,
  mask: (text: string) => string,
  column: C = "error" as C,
): FailureFields<C> {
  return failureFields(failure && maskFailure(failure, mask), column);
}

type FailureRow<C extends string> = Partial<Record<C | `${C}Code` | `${C}Params`, string | null>>;

/**
 * A row's kept failure (its three columns) as an answer carries it, every text through `mask`
 * when the answer may quote the upstream (lib/upstream/public-text). A row written before codes
 * were kept answers code "text" and no params.
 */
export function keptFailureFields<C extends string = "error">(
  row: FailureRow<NoInfer<C>>,
  column: C = "error" as C,
  mask: (text: string) => string = (text) => text,
): FailureFields<C> {
  return shownFailure(readFailure(row, column), mask, column);
}
