// The native text API through the studio: same paths as the upstream, the key added server-side.
import { generateContentRequestSchema } from "@/lib/upstream/native-schema";
import { relayTextApi } from "@/lib/chat/relay";
import { parseTextTarget } from "@/lib/chat/target";
import { readJson } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// The segment is read from the raw URL and decoded once, by parseTextTarget: Next's params are
// already decoded, and decoding those again turns an encoded "%25" into a URIError.
export const POST = route({ auth: "user" }, async ({ request }) => {
  const { model, method } = parseTextTarget(new URL(request.url).pathname.split("/").pop() ?? "");
  const body = generateContentRequestSchema.parse(await readJson(request));
  const alt = new URL(request.url).searchParams.get("alt");
  return relayTextApi({ model, method, body, alt, signal: request.signal });
});
