import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ownerOf } from "../auth/scope";
import { createBatch } from "../batches/create-batch";
import { getBatch } from "../batches/read-batches";
import { wakeBatchRunner } from "../batches/runner";
import { db } from "../db";
import { env } from "../env";
import { galleryListQuerySchema } from "../gallery/filter-schema";
import { listGalleryItems } from "../gallery/list";
import { mediaCheckOf } from "../media-inspection/request-check";
import { spendQuery, spendReport } from "../spend/ledger";
import type { McpContext } from "./context";
import { answer } from "./results";

/** search_gallery, create_batch and get_spend: the gallery, batch and spend APIs' functions. */
export function registerAccountTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "search_gallery",
    {
      description:
        'Search your gallery (newest first): `q` searches prompts ("quoted phrases" too); filters as ' +
        "GET /api/gallery takes them (type, model, status, favorite, rating, tag, from, to, batch, cursor, limit).",
      inputSchema: {
        q: z.string().optional(),
        type: z.enum(["video", "image"]).optional(),
        model: z.string().optional(),
        status: z.string().optional(),
        tag: z.string().optional(),
        from: z.string().optional().describe("YYYY-MM-DD"),
        to: z.string().optional().describe("YYYY-MM-DD"),
        cursor: z.string().optional(),
        limit: z.number().int().min(1).max(100).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    (input) =>
      answer(async () => {
        // The route's own query rules, fed the values as a query string would carry them.
        const raw = Object.fromEntries(
          Object.entries(input)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
        return listGalleryItems(db(), ctx.user, galleryListQuerySchema.parse(raw));
      }),
  );

  server.registerTool(
    "create_batch",
    {
      description:
        "Plan a batch as POST /api/batches takes it (tasks × variations); every task is validated and " +
        "the batch's rate limit and budget checked before it is stored; the studio's runner sends it.",
      inputSchema: {
        batch: z.record(z.string(), z.unknown()).describe("The POST /api/batches body"),
      },
    },
    ({ batch }) =>
      answer(async () => {
        const { id } = await createBatch(db(), batch, {
          defaultIntervalMs: env().batchIntervalMs,
          userId: ownerOf(ctx.user),
          check: {},
          media: mediaCheckOf(ctx.request, ctx.user),
        });
        wakeBatchRunner();
        return getBatch(db(), ctx.user, id);
      }),
  );

  server.registerTool(
    "get_spend",
    {
      description: "Your credits per day and model, chat tokens, and your budget (days as YYYY-MM-DD).",
      inputSchema: { from: z.string().optional(), to: z.string().optional() },
      annotations: { readOnlyHint: true },
    },
    ({ from, to }) =>
      answer(async () => {
        const query = spendQuery.parse({ from, to });
        // Your own, admins included (GET /api/spend lists everyone for them); with accounts off, all.
        return spendReport(db(), { from: query.from, to: query.to, userId: ownerOf(ctx.user) });
      }),
  );
}
