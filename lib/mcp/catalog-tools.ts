import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { describeParam, getModel, listModels, resolveModel, type ModelDef } from "../catalog";
import { db } from "../db";
import { estimateRequest } from "../spend/estimate-request";
import type { McpContext } from "./context";
import { answer } from "./results";

/** list_models and describe_model: the catalog the studio validates with, read as an agent needs it. */
export function registerCatalogTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "list_models",
    {
      description:
        "The models this studio can run: id, name, kind (video/image), group, and why one is unavailable.",
      inputSchema: { kind: z.enum(["video", "image"]).optional().describe("Only models of this kind") },
      annotations: { readOnlyHint: true },
    },
    ({ kind }) =>
      answer(async () =>
        listModels()
          .filter((m) => !kind || m.kind === kind)
          .map((m) => ({
            id: m.id,
            name: m.name,
            kind: m.kind,
            group: m.group,
            description: m.description ?? null,
            available: !m.unavailableReason,
            unavailableReason: m.unavailableReason ?? null,
          })),
      ),
  );

  server.registerTool(
    "describe_model",
    {
      description:
        "One model's parameters (type, required, ranges, enums, media limits), its cross-field rules, and " +
        "the estimated credits of a task (give `params` to estimate that exact body) with your budget.",
      inputSchema: {
        model: z.string().min(1).describe("A model id from list_models"),
        params: z
          .record(z.string(), z.unknown())
          .optional()
          .describe("The task body's other fields, to estimate (as for submit_task)"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ model, params }) =>
      answer(async () => {
        const def: ModelDef = getModel(model) ?? resolveModel(model);
        const { estimate, budget } = await estimateRequest(db(), ctx.user.id, { ...params, model: def.id });
        return {
          id: def.id,
          name: def.name,
          kind: def.kind,
          available: !def.unavailableReason,
          unavailableReason: def.unavailableReason ?? null,
          params: def.params.map((p) => ({ ...p, summary: describeParam(p) })),
          rules: def.rules ?? [],
          notes: def.notes ?? [],
          promptTruncation: def.promptTruncation ?? null,
          estimate,
          budget,
        };
      }),
  );
}
