import "server-only";
import type { Db } from "../db";
import { allAuditEntries } from "./query";
import type { AuditEntryView, AuditFilter } from "./schema";

const COLUMNS = [
  "at",
  "action",
  "outcome",
  "actorEmail",
  "actorId",
  "address",
  "targetType",
  "targetId",
  "targetLabel",
  "detail",
] as const;

/**
 * RFC 4180 quoting, and a leading =, +, - or @ defused with a quote so a spreadsheet does not run
 * a label someone typed as a formula (OWASP "CSV injection").
 */
export function csvField(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(entry: AuditEntryView): string {
  return (
    COLUMNS.map((column) =>
      csvField(column === "detail" ? (entry.detail ? JSON.stringify(entry.detail) : null) : entry[column]),
    ).join(",") + "\r\n"
  );
}

/** The matching entries as CSV, streamed a page at a time. */
export function auditCsvStream(db: Db, filter: AuditFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const entries = allAuditEntries(db, filter);
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(COLUMNS.join(",") + "\r\n"));
        return;
      }
      const next = await entries.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(next.value)));
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
}
