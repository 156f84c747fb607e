import { db } from "@/lib/db";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { scoreScopeQuery, scoreTakesSchema } from "@/lib/vision/score-schema";
import { scoringOn, setScoring } from "@/lib/vision/take-scores";

const scopeOf = (input: { batchId?: string; shotId?: string }) =>
  input.batchId !== undefined ? { batchId: input.batchId } : { shotId: input.shotId! };

/** Whether the takes of a batch (?batchId=) or a sequence shot (?shotId=) are scored. */
export const GET = route({ auth: "user", search: scoreScopeQuery }, async ({ searchParams, user }) =>
  Response.json(
    { on: await scoringOn(db(), user, scopeOf(searchParams)) },
    { headers: { "Cache-Control": "no-store" } },
  ),
);

/** Score takes on (queues every stored take without a score) or off. */
export const PUT = route({ auth: "user" }, async ({ request, user }) => {
  const input = scoreTakesSchema.parse(await readJson(request));
  return Response.json(await setScoring(db(), user, scopeOf(input), input.on));
});
