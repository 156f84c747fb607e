import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { getSequence } from "@/lib/sequences/read-sequence";
import { createSequence, listSequences } from "@/lib/sequences/sequences";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const noStore = { "Cache-Control": "no-store" };

/** Creates a storyboard (docs/decisions/sequences.md): every shot's body is checked by the catalog. */
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { id } = await createSequence(db(), user, await readJson(request));
  return Response.json(await getSequence(db(), user, id), { status: 201, headers: noStore });
});

/** The viewer's sequences, most recently changed first. */
export const GET = route({ auth: "user" }, async ({ user }) =>
  Response.json({ items: await listSequences(db(), user) }, { headers: noStore }),
);
