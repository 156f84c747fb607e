import { z } from "zod";
import { AUDIT_ACTION_NAMES } from "./actions";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A day ("2026-11-26") or an instant ("2026-11-26T10:00:00Z"). */
const instant = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), {
      error: "must be a date such as 2026-11-26 or an ISO time such as 2026-11-26T10:00:00Z",
    })
    .optional(),
);

/** GET /api/admin/audit and its CSV export: every filter optional, combined with AND. */
export const auditFilterSchema = z.object({
  action: z.preprocess(blank, z.enum(AUDIT_ACTION_NAMES).optional()),
  outcome: z.preprocess(blank, z.enum(["success", "failure"]).optional()),
  /** Part of the actor's e-mail (case-insensitive). */
  actor: z.preprocess(blank, z.string().trim().toLowerCase().max(320).optional()),
  /** The target's id, or part of its label. */
  target: z.preprocess(blank, z.string().trim().max(500).optional()),
  /** From this instant (a day: its start, UTC), inclusive. */
  from: instant,
  /** Until this instant (a day: its end, UTC), inclusive. */
  to: instant,
});

export const auditListSchema = auditFilterSchema.extend({
  cursor: z.preprocess(blank, z.string().max(64).optional()),
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(200).default(50)),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;
export type AuditListQuery = z.infer<typeof auditListSchema>;

/** One entry as the API answers it. */
export type AuditEntryView = {
  id: string;
  at: string;
  action: string;
  outcome: string;
  actorId: string | null;
  actorEmail: string | null;
  address: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  detail: Record<string, unknown> | null;
};
