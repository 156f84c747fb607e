import { z } from "zod";
import { approvalBodySchema, approvalHistory, getApproval, setApproval } from "@/lib/approvals";
import { can, collectionAccess } from "@/lib/collections/access";
import { userActor } from "@/lib/comments";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

const params = z.object({ id: z.string().min(1), taskId: z.string().min(1) });

/** The item's approval in the collection, its history (who, when) and whether the viewer may set it. */
export const GET = route({ auth: "user", params }, async ({ params, user }) => {
  const { power } = await collectionAccess(db(), user, params.id, "view");
  const current = await getApproval(db(), params.id, params.taskId);
  return Response.json(
    {
      ...current,
      history: await approvalHistory(db(), params.id, params.taskId),
      canApprove: can(power, "approve"),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

/** { status: pending | approved | changes_requested | rejected } (the owner and editors). */
export const PUT = route({ auth: "user", params }, async ({ request, params, user }) => {
  const { power } = await collectionAccess(db(), user, params.id, "approve");
  const { status } = approvalBodySchema.parse(await readJson(request));
  return Response.json(await setApproval(db(), userActor(user, power), params.id, params.taskId, status));
});
