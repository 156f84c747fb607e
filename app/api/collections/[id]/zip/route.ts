import { z } from "zod";
import { db } from "@/lib/db";
import { collectionZipResponse } from "@/lib/collections";
import { idParams, route } from "@/lib/http/route";

export const runtime = "nodejs";

/** GET ?approved=1: the collection's files + params.json in its order (approved items only). */
export const GET = route(
  { auth: "user", params: idParams, search: z.object({ approved: z.enum(["0", "1"]).optional() }) },
  async ({ params, searchParams, user }) =>
    collectionZipResponse(db(), user, params.id, { approvedOnly: searchParams.approved === "1" }),
);
