import { z } from "zod";

/** The `[token]` segment of the guest routes (its shape is checked by the lookup, which counts misses). */
export const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Appends Set-Cookie lines (the guest's cookies) to a response. */
export function withSetCookies(response: Response, setCookies: string[]): Response {
  for (const line of setCookies) response.headers.append("Set-Cookie", line);
  return response;
}

/** Guest answers are per-visitor and must never be stored by a shared cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
