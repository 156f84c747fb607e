import { formatBytes } from "../format/bytes";
import { redactUrl, type MigrationReport } from "./migrate-data";

/** What the admin command prints: per model, the files, and the settings that switch the studio over. */
export function formatReport(report: MigrationReport): string {
  const lines: string[] = [];
  lines.push(
    `${report.target === "resumed" ? "Continued the copy" : "Copied the studio"} into ${redactUrl(report.targetUrl)}`,
    "",
  );
  const width = Math.max(...report.rows.map((r) => r.model.length));
  lines.push(`${"model".padEnd(width)}  copied  already there  in target`);
  for (const row of report.rows) {
    const missing = row.target < row.copied + row.present ? "  ← rows missing in the target" : "";
    lines.push(
      `${row.model.padEnd(width)}  ${String(row.copied).padStart(6)}  ${String(row.present).padStart(13)}  ${String(row.target).padStart(9)}${missing}`,
    );
  }
  lines.push("");
  const { files, mediaTo } = report;
  if (files && mediaTo) {
    const bucket = `s3://${mediaTo.bucket}/${mediaTo.keyPrefix}`;
    lines.push(
      `Files ${report.mediaDir} → ${bucket}: ${files.copied} copied (${formatBytes(files.bytes)}), ${files.skipped} already there, ${files.failed} failed`,
    );
    for (const failure of files.failures) lines.push(`  FAILED ${failure.key}: ${failure.reason}`);
  } else {
    lines.push(`Files were not copied: they stay in ${report.mediaDir}, which the studio must keep using.`);
  }
  lines.push("");
  if (!report.ok) {
    lines.push("The copy is NOT complete: fix what is listed above and run the command again (it resumes).");
    return lines.join("\n");
  }
  lines.push("To switch the studio over, stop it and set:", `  DATABASE_URL=${redactUrl(report.targetUrl)}`);
  if (mediaTo) {
    lines.push(
      "  MEDIA_STORE=s3",
      `  S3_BUCKET=${mediaTo.bucket}`,
      ...(mediaTo.endpoint ? [`  S3_ENDPOINT=${mediaTo.endpoint}`] : []),
      `  S3_REGION=${mediaTo.region}`,
      ...(mediaTo.forcePathStyle ? ["  S3_FORCE_PATH_STYLE=1"] : []),
      ...(mediaTo.keyPrefix ? [`  S3_KEY_PREFIX=${mediaTo.keyPrefix}`] : []),
      ...(mediaTo.credentials ? ["  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY as now"] : []),
    );
  } else {
    lines.push(`  MEDIA_STORE=local`, `  MEDIA_DIR=${report.mediaDir}`);
  }
  if (redactUrl(report.targetUrl) !== report.targetUrl)
    lines.push("(the database password as given with --to)");
  return lines.join("\n");
}
