import "server-only";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { StudioUser } from "../auth/types";
import { StudioError } from "../errors";
import { refreshTask } from "../tasks/refresh-task";
import { registerAccountTools } from "./account-tools";
import { registerCatalogTools } from "./catalog-tools";
import type { McpContext } from "./context";
import { storedLinks } from "./stored-links";
import { registerTaskTools } from "./task-tools";

/** One server per request: every tool closes over the caller, so no state outlives the request. */
export function createStudioMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer({ name: "model-studio", version: "1.0.0" });
  registerCatalogTools(server, ctx);
  registerTaskTools(server, ctx);
  registerAccountTools(server, ctx);
  server.registerResource(
    "task-result",
    new ResourceTemplate("studio://tasks/{id}/result", { list: undefined }),
    {
      description: "A task's stored files as signed links (JSON), once stored.",
      mimeType: "application/json",
    },
    async (uri, { id }) => {
      const taskId = String(id);
      const row = await refreshTask(taskId, undefined, ctx.user);
      if (!row) throw new StudioError("not_found", `Task ${taskId} is not known to this studio.`);
      const links = await storedLinks(row, ctx.origin);
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: "application/json",
            text: JSON.stringify({ id: taskId, links }, null, 2),
          },
        ],
      };
    },
  );
  return server;
}

/**
 * Answers one MCP Streamable HTTP request in stateless mode (no session id): a new server and
 * transport per request, JSON answers rather than SSE (every tool answers once, and a per-request
 * server has nothing to push), so any instance can serve any call and nothing is kept in memory.
 */
export async function handleMcpRequest(request: Request, user: StudioUser): Promise<Response> {
  // Without sessions there is no stream to open (GET) or session to end (DELETE): the spec's 405.
  if (request.method !== "POST") return methodNotAllowed();
  const server = createStudioMcpServer({ user, request, origin: new URL(request.url).origin });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // The JSON answer is complete once handleRequest resolves.
    await server.close();
  }
}

function methodNotAllowed(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32000, message: "Method not allowed: this server is stateless; POST each call." },
      id: null,
    },
    { status: 405, headers: { Allow: "POST" } },
  );
}
