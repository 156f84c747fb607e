import { z } from "zod";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";
import { continueFrameFor } from "@/lib/video/continue-frame";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  origin: z.url({ protocol: /^https?$/, error: "must be the page's http(s) origin" }).optional(),
});

/**
 * POST ?origin=<page origin>: the item's last frame ("Continue from here"): the upstream's stored
 * one, else extracted from the stored video once (PNG, full size). `url` is what the upstream is
 * handed (at PUBLIC_BASE_URL or the origin; signed with accounts on).
 */
export const POST = route(
  { auth: "user", params: idParams, search: querySchema },
  async ({ request, params, searchParams, user }) => {
    const origin = searchParams.origin ? new URL(searchParams.origin).origin : new URL(request.url).origin;
    const { url, path, width, height, mediaId, source } = await continueFrameFor(
      db(),
      user,
      params.id,
      origin,
    );
    return Response.json(
      { url, path, width, height, mediaId, source },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
);
