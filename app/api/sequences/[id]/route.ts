import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { deleteSequence, updateSequence } from "@/lib/sequences/sequences";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/** The sequence with its shots, their takes, its estimate and latest assemblies. */
export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json(await getSequence(db(), user, params.id), { headers: noStore }),
);

/** Name, auto-pick, output settings. */
export const PATCH = route({ auth: "user", params: idParams }, async ({ params, request, user }) => {
  await updateSequence(db(), user, params.id, await readJson(request));
  return Response.json(await getSequence(db(), user, params.id), { headers: noStore });
});

export const DELETE = route({ auth: "user", params: idParams }, async ({ params, user }) => {
  await deleteSequence(db(), user, params.id);
  return new Response(null, { status: 204 });
});
