import { z } from "zod";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { cancelAssembly, getAssembly } from "@/lib/sequences/assembly";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };
const assemblyParams = z.object({ id: z.string().min(1), assemblyId: z.string().min(1) });

/** Its state, progress (0..1), error and, once done, the gallery item (taskId). */
export const GET = route({ auth: "user", params: assemblyParams }, async ({ params, user }) =>
  Response.json(await getAssembly(db(), user, params.id, params.assemblyId), { headers: noStore }),
);

/** Cancels it (a running one stops at its next progress report). */
export const DELETE = route({ auth: "user", params: assemblyParams }, async ({ params, user }) =>
  Response.json(await cancelAssembly(db(), user, params.id, params.assemblyId), { headers: noStore }),
);
