import type { APIRequestContext } from "@playwright/test";

/** A request the built-in sandbox upstream received (its in-memory log). */
export type SandboxRequest = {
  method: string;
  path: string;
  body: unknown;
  authorization: boolean;
  at: string;
};

/** What the upstream actually received: the test's view of "did the studio call the upstream?". */
export async function sandboxRequests(
  request: APIRequestContext,
  pathPrefix = "",
): Promise<SandboxRequest[]> {
  const response = await request.get("/api/sandbox/_requests");
  if (!response.ok()) throw new Error(`sandbox log unavailable: HTTP ${response.status()}`);
  const all = (await response.json()) as SandboxRequest[];
  return all.filter((entry) => entry.path.startsWith(pathPrefix));
}
