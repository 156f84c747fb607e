import { auditCsvStream } from "@/lib/audit/csv";
import { auditFilterSchema } from "@/lib/audit/schema";
import { db } from "@/lib/db";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET ?action&outcome&actor&target&from&to: every matching entry as CSV, newest first. */
export const GET = route({ auth: "admin", search: auditFilterSchema }, async ({ searchParams }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(db(), searchParams), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
