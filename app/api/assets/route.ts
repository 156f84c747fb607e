// Create: JSON ({ assetId, label, kind, reviewState?, notes?, previewUrl? }) or multipart/form-data
// with the same text fields and an optional preview file in the field "preview".
import { recordAsset } from "@/lib/assets/record-asset";
import { listAssets } from "@/lib/assets/registry";
import { createAssetSchema, listAssetsSchema } from "@/lib/assets/schema";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isMultipart, readMultipart } from "@/lib/http/multipart";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "user", search: listAssetsSchema }, async ({ user, searchParams }) =>
  Response.json(
    { assets: await listAssets(db(), user, searchParams) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);

export const POST = route({ auth: "user" }, async ({ request, user }) => {
  if (isMultipart(request)) {
    const { fields, file } = await readMultipart(request, "preview", env().bodyLimits.json);
    const input = createAssetSchema.parse(fields);
    return Response.json(await recordAsset(db(), user, input, file ?? undefined), { status: 201 });
  }
  const input = createAssetSchema.parse(await readJson(request));
  return Response.json(await recordAsset(db(), user, input), { status: 201 });
});
