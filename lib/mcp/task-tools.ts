import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ownerOf } from "../auth/scope";
import { StudioError } from "../errors";
import { mediaCheckOf } from "../media-inspection/request-check";
import { presentTask, type PresentedTask } from "../tasks/present-task";
import { refreshTask } from "../tasks/refresh-task";
import { isTerminal } from "../tasks/status";
import { submitTask } from "../tasks/submit-task";
import type { McpContext } from "./context";
import { answer } from "./results";
import { storedLinks } from "./stored-links";

/** wait_for_task's bound: an MCP call holds an HTTP request open, and proxies cut long ones. */
export const MAX_WAIT_SECONDS = 120;
const POLL_MS = 1_000;

/** submit_task, get_task and wait_for_task: the task API's own functions, for the caller only. */
export function registerTaskTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "submit_task",
    {
      description:
        "Submit a generation task: `model` plus the model's parameters (see describe_model). Validated, " +
        "then your rate limit and budget are checked before anything is sent; a refusal names the field " +
        "and rule, or the budget's numbers. Answers the task (poll with get_task or wait_for_task).",
      inputSchema: {
        model: z.string().min(1).describe("A model id from list_models"),
        params: z.record(z.string(), z.unknown()).describe("The task body's other fields, e.g. prompt"),
      },
    },
    ({ model, params }) =>
      // The same call as POST /api/v2/model-center/tasks: validation, media limits, rate limit, budget.
      answer(async () => {
        const task = await submitTask({ ...params, model }, undefined, {
          userId: ownerOf(ctx.user),
          check: {},
          via: null,
          media: mediaCheckOf(ctx.request, ctx.user),
        });
        return presentTask(task, ctx.origin);
      }),
  );

  server.registerTool(
    "get_task",
    {
      description: "One of your tasks as the studio knows it (status, progress, stored files).",
      inputSchema: { id: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    ({ id }) => answer(() => present(ctx, id)),
  );

  server.registerTool(
    "wait_for_task",
    {
      description:
        `Wait until a task is finished and its files are stored (at most ${MAX_WAIT_SECONDS} s; call ` +
        "again if it is still running). Answers the task with signed links to the stored files.",
      inputSchema: {
        id: z.string().min(1),
        timeout_seconds: z.number().int().min(1).max(MAX_WAIT_SECONDS).default(60),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, timeout_seconds }, extra) =>
      answer(async () => {
        const deadline = Date.now() + timeout_seconds * 1000;
        for (;;) {
          const { task, links } = await present(ctx, id);
          const done = settled(task);
          if (done || Date.now() >= deadline || extra.signal.aborted) return { done, task, links };
          await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
        }
      }),
  );
}

/** Refreshed as GET …/tasks/{id} refreshes it; another user's task is not found, like an unknown one. */
async function present(ctx: McpContext, id: string) {
  const row = await refreshTask(id, undefined, ctx.user);
  if (!row) throw new StudioError("not_found", `Task ${id} is not known to this studio.`);
  const task = presentTask(row, ctx.origin, undefined, undefined, ctx.user.role);
  return { task, links: await storedLinks(row, ctx.origin) };
}

/** Final status, no download left, and no result URL still expected. */
function settled(task: PresentedTask): boolean {
  return isTerminal(task.status) && task.studio.mediaState !== "pending" && !task.studio.awaitingResultUrls;
}
