import "server-only";
import { headers } from "next/headers";
import { authContext } from "@/lib/auth/context";
import { LOCAL_USER } from "@/lib/auth/local-user";
import { resolveUser } from "@/lib/auth/resolve-user";
import type { StudioUser } from "@/lib/auth/types";
import { env } from "@/lib/env";

/** The user a page renders for (proxy.ts has already sent anyone without a session to /login). */
export async function currentUser(): Promise<StudioUser | null> {
  if (!env().auth.enabled) return LOCAL_USER;
  return (await resolveUser(await authContext(), await headers())).user;
}
