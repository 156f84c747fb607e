import type { Role } from "./password-policy";

/**
 * Who a request acts for. Every route handler gets one (lib/http/route.ts): a signed-in user, the
 * owner of an API token, or — with accounts off — the implicit local admin.
 */
export type StudioUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /**
   * How the request proved it: a session cookie, an API token, nothing needed (AUTH off), or a
   * signed link to one stored file (lib/auth/file-links.ts).
   */
  via: "session" | "token" | "local" | "link";
};

/** What pages and the header show about the signed-in user (GET /api/auth/session). */
export type SessionInfo = {
  accounts: boolean;
  user: Pick<StudioUser, "id" | "email" | "name" | "role"> | null;
};

/** A user as the admin page lists it. */
export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
  activeTokens: number;
  budget: {
    daily: number | null;
    monthly: number | null;
    dailyTokens?: number | null;
    monthlyTokens?: number | null;
  } | null;
};

/** An API token as lists show it: never the token itself. */
export type TokenSummary = {
  id: string;
  name: string;
  start: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
