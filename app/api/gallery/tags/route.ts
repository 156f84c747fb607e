import { z } from "zod";
import { db } from "@/lib/db";
import { listTags } from "@/lib/gallery/tags";
import { route } from "@/lib/http/route";

const querySchema = z.object({
  q: z.string().max(64).default(""),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/gallery/tags?q=: tag suggestions with their use counts. */
export const GET = route({ auth: "user", search: querySchema }, async ({ searchParams, user }) =>
  Response.json(
    { tags: await listTags(db(), user, searchParams.q, searchParams.limit) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);
