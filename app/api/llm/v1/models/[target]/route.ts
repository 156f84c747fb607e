// The native text API through the studio: same paths as the upstream, the key added server-side.
import { db } from "@/lib/db";
import { isStudioError } from "@/lib/errors";
import { generateContentRequestSchema } from "@/lib/upstream/native-schema";
import { nativeErrorResponse } from "@/lib/chat/native-error";
import { relayTextApi } from "@/lib/chat/relay";
import { parseTextTarget } from "@/lib/chat/target";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";
import { admitTextCall } from "@/lib/spend/text-admission";
import { finishTextCall } from "@/lib/spend/text-usage";
import { serverLog } from "@/lib/log";

export const dynamic = "force-dynamic";

// The segment is read from the raw URL and decoded once, by parseTextTarget: Next's params are
// already decoded, and decoding those again turns an encoded "%25" into a URIError.
// Every call is admitted (rate limit, budget) and recorded in the text ledger before the upstream
// is asked; its usage is recorded as the answer ends, however it ends.
export const POST = route({ auth: "user" }, async ({ request, user }) => {
  const { model, method } = parseTextTarget(new URL(request.url).pathname.split("/").pop() ?? "");
  const body = generateContentRequestSchema.parse(await readJson(request));
  const alt = new URL(request.url).searchParams.get("alt");
  let call;
  try {
    call = await admitTextCall(db(), { spender: user.id, source: "api", model });
  } catch (error) {
    if (isStudioError(error) && (error.code === "budget_exceeded" || error.code === "rate_limited"))
      return nativeErrorResponse(error);
    throw error;
  }
  // A ledger write that fails is logged, never turned into a failed answer.
  return relayTextApi(
    { model, method, body, alt, signal: request.signal },
    undefined,
    undefined,
    (usage, outcome) =>
      finishTextCall(db(), call, usage, outcome).catch((error) =>
        serverLog.error("[text ledger] not recorded:", error),
      ),
  );
});
