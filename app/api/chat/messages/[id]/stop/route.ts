// The stop button: ends a streaming answer; the answer's own stream then reports it as stopped.
import { stopGeneration } from "@/lib/chat/generations";
import { handler } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const POST = handler(async (_request: Request, { params }: { params: Promise<{ id: string }> }) =>
  Response.json({ stopped: stopGeneration((await params).id, "stop") }),
);
