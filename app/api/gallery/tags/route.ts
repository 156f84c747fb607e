import { z } from "zod";
import { db } from "@/lib/db";
import { searchParamsObject } from "@/lib/gallery/filters";
import { listTags } from "@/lib/gallery/tags";
import { handler } from "@/lib/http/respond";

const querySchema = z.object({
  q: z.string().max(64).default(""),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/gallery/tags?q=: tag suggestions with their use counts. */
export const GET = handler(async (request: Request) => {
  const { q, limit } = querySchema.parse(searchParamsObject(new URL(request.url).searchParams));
  return Response.json(
    { tags: await listTags(db(), q, limit) },
    { headers: { "Cache-Control": "no-store" } },
  );
});
