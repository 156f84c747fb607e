import { failureOf, type Failure } from "../errors";

/**
 * The sentences a shot (SequenceShot.error) and a film (Assembly.error) keep, each with its code
 * and params so the page words it in its own language (messages `failures.shot_*`, `failures.film_*`).
 * The English is what API clients have always read.
 */

/** Why a take sent for a shot may have been made upstream without the studio knowing it. */
const INTERRUPTED_TAKE =
  "the studio stopped after it began sending it and before it stored the upstream's answer: the " +
  "upstream may have made (and billed) it, so it was not sent again — check the upstream's task " +
  "list, or retry the shot for new takes";

/** A chained shot could not get the last frame of the take it continues from. */
export function lastFrameFailed(take: string, error: unknown): Failure {
  const cause = failureOf(error);
  return {
    code: "shot_last_frame_failed",
    message: `The last frame of take ${take}: ${cause.message}`,
    params: { take, cause },
  };
}

/** Takes begun before a restart whose upstream answer was never stored (not sent again). */
export function takesNotStored(count: number): Failure {
  return {
    code: "shot_takes_not_stored",
    message: `${count} take${count === 1 ? "" : "s"} not stored: ${INTERRUPTED_TAKE}`,
    params: { count },
  };
}

/** The owner's budget refuses the shot's next take: the shot stops there. */
export function heldByBudget(error: unknown): Failure {
  const cause = failureOf(error);
  return { code: "shot_held", message: `Held: ${cause.message}`, params: { cause } };
}

/** The budget check could not admit the take yet (an uncertain price in flight, or it failed): tried again. */
export function waitingToSend(error: unknown): Failure {
  const cause = failureOf(error);
  return { code: "shot_waiting", message: `Waiting: ${cause.message}`, params: { cause } };
}

/** An assembly claimed again after each of its runs was cut short by a restart. */
export function filmStoppedAfterAttempts(attempts: number): Failure {
  return {
    code: "film_stopped_after_attempts",
    message: `Stopped after ${attempts} attempts (the studio restarted during each)`,
    params: { attempts },
  };
}

/** A picked take's video was removed between the request and the assembly (`shot` counts from 1). */
export function filmTakeMissing(shot: number): Failure {
  return {
    code: "film_take_missing",
    message: `Shot ${shot}: its picked take's video is not stored any more`,
    params: { shot },
  };
}

/**
 * The film could not be made: ffmpeg's or the probe's account of it (lib/video) is kept as it is,
 * the tool's own words, inside the studio's sentence.
 */
export function filmFailed(error: unknown): Failure {
  const { message } = failureOf(error);
  return { code: "film_failed", message, params: { detail: message } };
}
