import { planOrThrow } from "../batches/plan";
import { isStudioError, StudioError } from "../errors";
import type { ShotInput } from "./schema";
import type { VideoPort } from "./video-port";

/**
 * Each shot's body through the catalog's one schema per model — the batch planner's check
 * (lib/batches/plan.ts), not a second validator — with `takes` variations each, so every take
 * gets its own seed where the model has one. Returns the bodies per shot (normalized, model
 * included). Errors name the shot: `shots[1].body.duration`.
 */
export function planShotBodies(
  shot: Pick<ShotInput, "model" | "body">,
  index: number,
  takes: number,
): Record<string, unknown>[] {
  {
    try {
      return planOrThrow({ items: [{ ...shot.body, model: shot.model }], variations: takes }).map(
        (item) => item.body,
      );
    } catch (error) {
      if (!isStudioError(error)) throw error;
      // The catalog's code and params stay: the page words the rule in its own language.
      const issues = error.issues.map((i) => ({
        ...i,
        path: i.path.replace(/^items\[0\]/, `shots[${index}].body`),
        message: i.message.replace(/^item 1/, `shot ${index + 1}`),
      }));
      throw new StudioError("invalid_request", error.message.replace(/item 1/, `shot ${index + 1}`), {
        issues,
      });
    }
  }
}

/** The first shot has nothing to continue from; a chained shot's model must take a first frame. */
export function checkChaining(
  shot: Pick<ShotInput, "model" | "chained">,
  index: number,
  video: Pick<VideoPort, "firstFrameField">,
): void {
  {
    if (!shot.chained) return;
    const path = `shots[${index}].chained`;
    const issue =
      index === 0
        ? {
            message: "the first shot has no previous shot to continue from",
            code: "chain_first_shot",
            params: {},
          }
        : video.firstFrameField(shot.model)
          ? null
          : {
              message: `${shot.model} takes no first frame, so it cannot continue from the previous shot`,
              code: "chain_no_first_frame",
              params: { model: shot.model },
            };
    if (issue)
      throw new StudioError("invalid_request", `${path}: ${issue.message}`, { issues: [{ path, ...issue }] });
  }
}

/** Validates a shot at its place (0-based) as it is stored: its body (normalized) and its switch. */
export function validateShot(
  shot: Pick<ShotInput, "model" | "body" | "chained">,
  index: number,
  video: Pick<VideoPort, "firstFrameField">,
): Record<string, unknown> {
  const [body] = planShotBodies(shot, index, 1);
  checkChaining(shot, index, video);
  return body;
}
