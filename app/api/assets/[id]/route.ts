import { deleteAsset, updateAsset } from "@/lib/assets/registry";
import { updateAssetSchema } from "@/lib/assets/schema";
import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const PATCH = route({ auth: "user", params: idParams }, async ({ request, params, user }) =>
  Response.json(await updateAsset(db(), user, params.id, updateAssetSchema.parse(await readJson(request)))),
);

export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await deleteAsset(db(), user, params.id);
  return new Response(null, { status: 204 });
});
