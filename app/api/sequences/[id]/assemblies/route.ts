import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { idParams, route } from "@/lib/http/route";
import { listAssemblies, requestAssembly } from "@/lib/sequences/assembly";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/** Queues a film of the picked takes: { width?, height?, fps?, crossfadeSeconds? }. */
export const POST = route({ auth: "user", params: idParams }, async ({ params, request, user }) =>
  Response.json(await requestAssembly(db(), user, params.id, await readJson(request)), {
    status: 202,
    headers: noStore,
  }),
);

export const GET = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json({ items: await listAssemblies(db(), user, params.id) }, { headers: noStore }),
);
