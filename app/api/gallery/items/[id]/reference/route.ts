import { z } from "zod";
import { db } from "@/lib/db";
import { getReferenceOptions, referenceContext } from "@/lib/gallery/reference-url";
import { handler } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

const querySchema = z.object({
  origin: z.url({ protocol: /^https?$/, error: "must be the page's http(s) origin" }).optional(),
});

/**
 * GET ?origin=<page origin>: the URLs each file of the item could be handed to the upstream as a
 * reference, best first. Probes original URLs of unknown expiry, so it can take a few seconds.
 */
export const GET = handler(async (request: Request, { params }: Context) => {
  const { id } = await params;
  const url = new URL(request.url);
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  const origin = query.origin ? new URL(query.origin).origin : url.origin;
  const media = await getReferenceOptions(db(), id, referenceContext(origin));
  return Response.json({ media }, { headers: { "Cache-Control": "no-store" } });
});
