import { listAuditEntries } from "@/lib/audit/query";
import { auditListSchema } from "@/lib/audit/schema";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * GET ?action&outcome&actor&target&from&to&cursor&limit: audit entries, newest first. Read-only:
 * no route edits or deletes an entry (only the retention prune removes old ones).
 */
export const GET = route({ auth: "admin", search: auditListSchema }, async ({ searchParams }) =>
  Response.json(await listAuditEntries(db(), searchParams), { headers: { "Cache-Control": "no-store" } }),
);
