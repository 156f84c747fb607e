import { ownerOf } from "@/lib/auth/scope";
import { db } from "@/lib/db";
import { StudioError } from "@/lib/errors";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { describeSettings, setDescribeSetting } from "@/lib/vision/settings";
import { describeSettingsSchema } from "@/lib/vision/settings-schema";

/** Whether your results (and everyone's, an admin's setting) are described once stored. */
export const GET = route({ auth: "user" }, async ({ user }) =>
  Response.json(await describeSettings(db(), ownerOf(user)), { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = route({ auth: "user" }, async ({ request, user }) => {
  const input = describeSettingsSchema.parse(await readJson(request));
  if (input.everyone !== undefined && user.role !== "admin")
    throw new StudioError("forbidden", "Only an admin can turn describing on or off for everyone.", {
      issues: [{ path: "everyone", message: "only an admin may set it" }],
    });
  if (input.mine !== undefined) await setDescribeSetting(db(), { userId: ownerOf(user) }, input.mine);
  if (input.everyone !== undefined) await setDescribeSetting(db(), "everyone", input.everyone);
  return Response.json(await describeSettings(db(), ownerOf(user)));
});
