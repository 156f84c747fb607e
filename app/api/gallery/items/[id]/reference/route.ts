import { z } from "zod";
import { db } from "@/lib/db";
import { getReferenceOptions, referenceContext } from "@/lib/gallery/reference-url";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  origin: z.url({ protocol: /^https?$/, error: "must be the page's http(s) origin" }).optional(),
});

/**
 * GET ?origin=<page origin>: the URLs each file of the item could be handed to the upstream as a
 * reference, best first. Probes original URLs of unknown expiry, so it can take a few seconds.
 */
export const GET = route(
  { auth: "user", params: idParams, search: querySchema },
  async ({ request, params, searchParams, user }) => {
    const origin = searchParams.origin ? new URL(searchParams.origin).origin : new URL(request.url).origin;
    const media = await getReferenceOptions(db(), user, params.id, await referenceContext(origin));
    return Response.json({ media }, { headers: { "Cache-Control": "no-store" } });
  },
);
