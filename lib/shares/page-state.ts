import "server-only";
import type { Db } from "../db";
import { isStudioError, type StudioError } from "../errors";
import { isUnlocked } from "./cookies";
import { findShareLink } from "./resolve";

export type SharePageState = { kind: "open" } | { kind: "locked" } | { kind: "gone"; error: StudioError };

/**
 * What the share page renders: the shared items, the password form, or why it cannot open.
 * proxy.ts answers gone links first with their status; this covers a link revoked in between.
 */
export async function sharePageState(db: Db, token: string, headers: Headers): Promise<SharePageState> {
  try {
    const link = await findShareLink(db, token, headers);
    return (await isUnlocked(db, headers, link, Date.now())) ? { kind: "open" } : { kind: "locked" };
  } catch (error) {
    if (!isStudioError(error)) throw error;
    return { kind: "gone", error };
  }
}
