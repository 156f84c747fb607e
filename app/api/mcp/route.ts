import { route } from "@/lib/http/route";
import { handleMcpRequest } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The studio's MCP server (Streamable HTTP, stateless; lib/mcp): an API token (Bearer) or a session
 * picks the user exactly as for every other route, so each tool acts with that user's ownership,
 * rate limit and budget. GET (a server-to-client stream) and DELETE (ending a session) answer 405,
 * since without sessions there is no stream or session.
 */
const handler = route({ auth: "user" }, ({ request, user }) => handleMcpRequest(request, user));

export const POST = handler;
export const GET = handler;
export const DELETE = handler;
