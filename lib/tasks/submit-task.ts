import "server-only";
import { resolveModel, validateTaskRequest, type ModelDef } from "../catalog";
import { isPlainObject } from "../catalog/describe-value";
import { isStudioError, StudioError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { assertMediaAcceptable, type MediaCheck } from "../media-inspection/inspect-request";
import { admitSubmission, type AdmitOptions } from "../spend/budget-check";
import { inSpan, MODEL_ID, rememberTaskTrace, TASK_ID } from "../tracing";
import { spenderOf } from "../spend/owner";
import { submitTask as sendToUpstream } from "../upstream/task-client";
import { taskDeps, type TaskDeps } from "./deps";
import { loadTask, type TaskWithMedia } from "./load-task";
import { recordUpstreamTask } from "./record-upstream-task";

/** The batch item a task is sent for, stored in the same write as the task row. */
export type BatchLink = { batchId: string; batchItemId: string };
/**
 * Whose task it is (lib/auth/scope.ts `ownerOf`; null with accounts off), for a batch run its item,
 * and with `check` the owner's submit rate limit and budget, checked before the upstream is called
 * (lib/spend). With `media`, the files the body references are measured against the model's
 * limits first (lib/media-inspection). A batch item is admitted by the runner itself, right
 * before it sends it (lib/batches/readmit-item.ts: budget, not the submit rate).
 */
export type TaskOrigin = {
  userId: string | null;
  check?: AdmitOptions;
  /**
   * The mirrored endpoint the client called: the task API (null) or a v1 family path. A model of
   * another endpoint is refused with the path it belongs to (the studio never reroutes silently).
   */
  via?: string | null;
  media?: MediaCheck;
  /** A take of a sequence's shot (lib/sequences): stored with the task row, in the same write. */
  sequenceShotId?: string;
} & Partial<BatchLink>;

/**
 * Validates a task body against the catalog (invalid bodies never reach the upstream), forwards the
 * normalized body to the task API or, for a v1 family model, to its family's endpoint, and stores
 * the task the upstream created. Errors are StudioErrors: validation (400/403), a referenced file
 * that breaks a limit (400) or could not be checked (422), rate limit (429), budget (402), upstream
 * rejection (its status), unreachable
 * upstream (502).
 */
export async function submitTask(
  input: unknown,
  deps: TaskDeps = taskDeps(),
  origin?: TaskOrigin,
): Promise<TaskWithMedia> {
  // The endpoint first: a model sent to the wrong path is told the path it belongs to, not that its
  // body (shaped for the path it was sent to) breaks its own parameters.
  if (origin?.via !== undefined && isPlainObject(input)) checkEndpoint(resolveModel(input.model), origin.via);
  const { model, body } = validateTaskRequest(input);
  // The task's trace starts here; its polls, download and thumbnail join it (lib/tracing.ts).
  return inSpan("task.submit", { [MODEL_ID]: model.id }, async (span) => {
    if (origin?.media) await assertMediaAcceptable([{ model, body }], origin.media);
    const check = origin?.check;
    const release = check
      ? await inSpan("task.admit", {}, () =>
          admitSubmission(deps.db, spenderOf(origin.userId), [{ model: model.id, body }], {
            now: deps.now,
            ...check,
          }),
        )
      : undefined;
    try {
      const task = await sendAndStore(deps, model, body, origin);
      span.setAttribute(TASK_ID, task.id);
      rememberTaskTrace(task.id, span);
      return task;
    } finally {
      await release?.();
    }
  });
}

function checkEndpoint(model: ModelDef, via: string | null) {
  const own = model.v1?.path ?? null;
  if (own === via) return;
  const where = (path: string | null) => (path ? `/v1/${path}/videos` : "/v2/model-center/tasks");
  const message =
    `${model.id} is ${own ? `a v1 family model served at ${where(own)}` : "a task API model"}, ` +
    `not a model of ${where(via)}; send it to ${where(own)}`;
  throw new StudioError("invalid_request", `model: ${message}`, { issues: [{ path: "model", message }] });
}

async function sendAndStore(
  deps: TaskDeps,
  model: ModelDef,
  body: Record<string, unknown>,
  origin: TaskOrigin | undefined,
): Promise<TaskWithMedia> {
  let raw;
  try {
    raw = await inSpan("upstream.create_task", { [MODEL_ID]: model.id }, async (span) => {
      const answer = await sendToUpstream(body, deps.upstream, model.v1?.path);
      span.setAttribute(TASK_ID, answer.id);
      return answer;
    });
  } catch (error) {
    // The upstream may hold (and bill) a task the studio never heard of: leave the operator a trace
    // to reconcile it with the upstream's task list.
    if (isStudioError(error) && error.details.outcome === "unknown") {
      const prompt =
        typeof body.prompt === "string" ? ` prompt ${JSON.stringify(body.prompt.slice(0, 80))}` : "";
      deps.log.warn(
        `[tasks] submit of ${model.id}${prompt} may have created an upstream task: ${error.message}`,
      );
    }
    throw error;
  }
  const now = new Date(deps.now());

  let task;
  try {
    task = await deps.db.task.create({
      data: {
        id: raw.id,
        model: model.id,
        kind: model.kind,
        status: "queued",
        prompt: typeof body.prompt === "string" ? body.prompt : "",
        request: JSON.stringify(body),
        submittedAt: now,
        // The submit answer is fresh news: the first query waits the usual interval.
        lastPolledAt: now,
        nextPollAt: now,
        userId: origin?.userId ?? null,
        batchId: origin?.batchId,
        batchItemId: origin?.batchItemId,
        sequenceShotId: origin?.sequenceShotId,
        v1Family: model.v1?.path ?? null,
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new StudioError(
        "upstream_bad_response",
        `The upstream answered with task id "${raw.id}", which the studio already tracks for an earlier task.`,
      );
    }
    // The upstream has the task (and may charge for it): leave the operator a way to find it.
    deps.log.error(`[tasks] upstream task ${raw.id} was created but could not be stored:`, error);
    throw error;
  }
  await recordUpstreamTask(deps, task, raw);
  return (await loadTask(deps.db, task.id))!;
}
