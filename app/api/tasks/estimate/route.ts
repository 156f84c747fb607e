import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { estimateRequest } from "@/lib/spend/estimate-request";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST { model, ...params } (a task body) → { model, estimate: { credits | null, basis, samples },
 * budget }: what the task would likely cost, from completed tasks like it. Nothing is sent.
 */
export const POST = route({ auth: "user" }, async ({ request, user }) =>
  Response.json(await estimateRequest(db(), user.id, await readJson(request, env().bodyLimits.task)), {
    headers: { "Cache-Control": "no-store" },
  }),
);
