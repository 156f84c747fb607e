import { validateTaskRequest } from "../catalog";
import { isStudioError, StudioError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { submitTask as sendToUpstream } from "../upstream/task-client";
import { taskDeps, type TaskDeps } from "./deps";
import { loadTask, type TaskWithMedia } from "./load-task";
import { recordUpstreamTask } from "./record-upstream-task";

/**
 * Validates a task body against the catalog (invalid bodies never reach the upstream), forwards the
 * normalized body, and stores the task the upstream created. Errors are StudioErrors: validation
 * (400/403), upstream rejection (its status), unreachable upstream (502).
 */
export async function submitTask(input: unknown, deps: TaskDeps = taskDeps()): Promise<TaskWithMedia> {
  const { model, body } = validateTaskRequest(input);
  let raw;
  try {
    raw = await sendToUpstream(body, deps.upstream);
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
