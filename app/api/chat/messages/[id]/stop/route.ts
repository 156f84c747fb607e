// The stop button: ends a streaming answer; the answer's own stream then reports it as stopped.
import { stopAnswer } from "@/lib/chat/conversations";
import { db } from "@/lib/db";
import { idParams, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "user", params: idParams }, async ({ params, user }) =>
  Response.json({ stopped: await stopAnswer(db(), user, params.id) }),
);
