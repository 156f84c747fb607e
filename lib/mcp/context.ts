import "server-only";
import type { StudioUser } from "../auth/types";

/** Who an MCP request acts for, resolved by the route wrapper exactly as for every other route. */
export type McpContext = {
  user: StudioUser;
  /** The HTTP request that carried the call: its origin addresses links, its headers the media check. */
  request: Request;
  origin: string;
};
