// The native text API through the studio: same paths as the upstream, the key added server-side.
import { generateContentRequestSchema } from "@/lib/chat/native-schema";
import { relayTextApi } from "@/lib/chat/relay";
import { parseTextTarget } from "@/lib/chat/target";
import { handler, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const POST = handler(async (request: Request, context: { params: Promise<{ target: string }> }) => {
  const { model, method } = parseTextTarget((await context.params).target);
  const body = generateContentRequestSchema.parse(await readJson(request));
  const alt = new URL(request.url).searchParams.get("alt");
  return relayTextApi({ model, method, body, alt, signal: request.signal });
});
