import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ZodError } from "zod";
import { isStudioError } from "../errors";

/** A tool's answer: the JSON a script reads, as text (every MCP client shows text). */
export function ok(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}

/**
 * A refusal is a tool error (isError), never a protocol error: the agent reads why and can fix its
 * call. The text carries what a person would need to act: for budget_exceeded the numbers (spent,
 * limit, estimate, period), for invalid requests each field and its rule.
 */
export function refusal(error: unknown): CallToolResult {
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    const lines = issues.map((i) => `${i.path || "input"}: ${i.message}`);
    return failed(`invalid_request: ${lines.join("; ")}`, { code: "invalid_request", issues });
  }
  if (!isStudioError(error)) throw error;
  const body = error.toJSON() as { error: Record<string, unknown> };
  return failed(`${error.code}: ${error.message}${numbers(error.details)}`, body.error);
}

function failed(text: string, detail: unknown): CallToolResult {
  return {
    isError: true,
    content: [
      { type: "text", text },
      { type: "text", text: JSON.stringify(detail, null, 2) },
    ],
  };
}

const NUMBERS = ["period", "spent", "running", "limit", "estimate", "resetsAt"] as const;

/** " (period: day, spent: 12, limit: 20, estimate: 10)" when the error carries budget figures. */
function numbers(details: Record<string, unknown>): string {
  const parts = NUMBERS.filter((k) => details[k] !== undefined && details[k] !== null).map(
    (k) => `${k}: ${String(details[k])}`,
  );
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/** Runs a tool's body, turning a refusal into a tool error. */
export async function answer(run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return ok(await run());
  } catch (error) {
    return refusal(error);
  }
}
