import { env } from "@/lib/env";
import { handleSandboxRequest } from "@/lib/sandbox";

// The built-in sandbox upstream: the studio's default {base_url} and {llm_base_url} point here.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const sandbox = (request: Request) =>
  handleSandboxRequest(request, {
    basePath: "/api/sandbox",
    exposeRequestLog: env().sandboxRequestLog,
    timeScale: env().sandboxTimeScale,
  });

export { sandbox as GET, sandbox as HEAD, sandbox as POST, sandbox as DELETE };
