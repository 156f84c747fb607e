import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { StudioError } from "../errors";
import type { AuthContext } from "./context";
import { setupSchema } from "./request-schemas";
import { signIn, type WithCookies } from "./sessions";
import type { StudioUser, UserSummary } from "./types";
import { countUsers, createUser } from "./users";

// The first admin: from ADMIN_EMAIL + ADMIN_PASSWORD at start, or from the /setup page while no
// user exists. When the studio is reachable beyond loopback, the page also asks for a setup code
// that only the server log shows, so the first stranger to find the page cannot become admin.

/** Creates the configured first admin when no user exists; never touches an existing account. */
export async function ensureFirstAdmin(ctx: AuthContext): Promise<UserSummary | null> {
  const admin = ctx.config.firstAdmin;
  if (!admin || (await countUsers(ctx)) > 0) return null;
  try {
    return await createUser(ctx, { ...admin, role: "admin", name: "Admin" });
  } catch (error) {
    // another studio process on the same database made it first
    if (error instanceof StudioError && error.code === "conflict") return null;
    throw error;
  }
}

/** The /setup form: creates the first admin, only while no user exists, and signs them in. */
export async function setUpFirstAdmin(
  ctx: AuthContext,
  body: unknown,
  headers: Headers,
): Promise<WithCookies<{ user: StudioUser }>> {
  const input = setupSchema.parse(body);
  if ((await countUsers(ctx)) > 0) throw setupOver();
  if (ctx.config.setupCodeRequired && !codeMatches(input.setupCode ?? "", await setupCode(ctx))) {
    throw new StudioError("forbidden", "setupCode: does not match the code in the studio's log", {
      issues: [
        {
          path: "setupCode",
          message: "does not match the code in the studio's log",
          code: "setup_code_mismatch",
        },
      ],
    });
  }
  const user = await createUser(ctx, {
    email: input.email,
    password: input.password,
    name: input.name,
    role: "admin",
  });
  // Two set-ups at once: only the first admin stands, the other is taken back.
  const first = await ctx.db.user.findFirst({
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (first?.id !== user.id) {
    await ctx.db.user.delete({ where: { id: user.id } });
    throw setupOver();
  }
  return signIn(ctx, { email: user.email, password: input.password }, headers);
}

/** Stable for a given session secret (every studio process shows the same one), useless once a user exists. */
export async function setupCode(ctx: AuthContext): Promise<string> {
  const { secret } = await ctx.auth.$context;
  const hex = createHmac("sha256", secret).update("model-studio first-admin setup").digest("hex");
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`.toUpperCase();
}

function codeMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.toUpperCase().replace(/\s/g, ""));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function setupOver(): StudioError {
  return new StudioError("not_found", "The studio is already set up: sign in at /login.");
}
