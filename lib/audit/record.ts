import "server-only";
import { clientAddress } from "../auth/client-address";
import type { StudioUser } from "../auth/types";
import type { Db } from "../db";
import { env } from "../env";
import type { AuditAction, AuditOutcome } from "./actions";
import { pruneAuditSometimes } from "./prune";

/** Who did it: a studio user, or only an e-mail (a refused sign-in names the account it tried). */
export type AuditActor = Pick<StudioUser, "id" | "email"> | { id: null; email: string | null };

export type AuditInput = {
  action: AuditAction;
  outcome?: AuditOutcome;
  actor: AuditActor | null;
  /** The request's headers: the client address is read from them as the login limits read it. */
  headers?: Headers;
  /** An address known otherwise (the CLI has none: "cli" is recorded). */
  address?: string | null;
  target?: { type: string; id?: string | null; label?: string | null };
  /** What changed. Never a password, token or secret: the log is shown to every admin and exported. */
  detail?: Record<string, unknown>;
};

/**
 * Appends one entry to the audit log. The only writer of AuditEntry rows besides the retention
 * prune; nothing updates one. Called after the action succeeded (or was refused), so an entry
 * states what happened, not what was attempted, except for entries whose outcome is "failure".
 */
export async function audit(db: Db, input: AuditInput): Promise<void> {
  const address =
    input.address !== undefined
      ? input.address
      : input.headers
        ? clientAddress(input.headers, env().auth.trustedProxies)
        : null;
  await db.auditEntry.create({
    data: {
      action: input.action,
      outcome: input.outcome ?? "success",
      actorId: input.actor?.id ?? null,
      actorEmail: input.actor?.email ?? null,
      address,
      targetType: input.target?.type ?? null,
      targetId: input.target?.id ?? null,
      targetLabel: input.target?.label ?? null,
      detail: input.detail ? JSON.stringify(input.detail) : null,
    },
  });
  await pruneAuditSometimes(db);
}

/** The actor the CLI's changes are recorded under. */
export const CLI_ADDRESS = "cli";
