import { z } from "zod";

/**
 * The body of POST /api/mcp as the OpenAPI document publishes it: one JSON-RPC 2.0 message of the
 * Model Context Protocol (Streamable HTTP). The MCP SDK's transport validates it with its own
 * schema; this one describes that envelope for readers of the API (the method's params are the
 * protocol's, e.g. tools/call { name, arguments }).
 */
export const mcpMessageSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z
      .union([z.string(), z.number().int()])
      .optional()
      .meta({ description: "Present on a request (answered with the same id); absent on a notification." }),
    method: z
      .string()
      .min(1)
      .meta({
        description:
          "initialize, notifications/initialized, ping, tools/list, tools/call, resources/templates/list, resources/read, …",
        examples: ["tools/call"],
      }),
    params: z.record(z.string(), z.unknown()).optional().meta({
      description:
        "The method's parameters; tools/call takes { name, arguments } with a name from tools/list.",
    }),
  })
  .meta({ id: "McpMessage", description: "A JSON-RPC 2.0 request or notification (MCP Streamable HTTP)." });
