// The operator CLI: `npm run admin -- <command> [options]` (README, "Accounts"). It works on the
// studio's own database (DATABASE_URL, .env), whether or not the studio is running.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { budgetSchema, setBudget } from "../lib/auth/budgets";
import { claimUnowned, describeCounts } from "../lib/auth/claim";
import { authContext } from "../lib/auth/context";
import { setupCode } from "../lib/auth/first-admin";
import { createToken } from "../lib/auth/tokens";
import {
  createUser,
  deleteUser,
  findUserByEmail,
  listUsers,
  resetPassword,
  updateUser,
} from "../lib/auth/users";
import type { AuditAction } from "../lib/audit/actions";
import { audit, CLI_ADDRESS } from "../lib/audit/record";
import { backup } from "../lib/backup/backup";
import { BackupError } from "../lib/backup/manifest";
import { restore } from "../lib/backup/restore";
import { db } from "../lib/db";
import { env, parseEnv } from "../lib/env";
import { formatPath, isStudioError, StudioError } from "../lib/errors";
import { formatReport } from "../lib/migrate-data/format-report";
import { migrateData, type MigrationProgress } from "../lib/migrate-data/migrate-data";
import { formatBytes } from "../lib/format/bytes";
import { setLocalBudget } from "../lib/spend/budgets";
import { runBackfill } from "../lib/vision/backfill";
import { describerDeps } from "../lib/vision/describer";

const USAGE = `Usage: npm run admin -- <command> [options]

  create-user     --email E [--password P] [--name N] [--role admin|member]
  reset-password  --email E [--password P] [--keep-tokens]
                  (ends the user's sessions and revokes their API tokens, unless --keep-tokens)
  create-token    --email E --name N [--expires-days D]   (prints the token once)
  set-budget      --email E [--daily X|none] [--monthly X|none]   (credits, the unit of a task's amount)
                  [--daily-tokens N|none] [--monthly-tokens N|none]   (text tokens: chat and the text API)
                  --local instead of --email: the implicit user of a studio with accounts off
  list-users
  disable-user    --email E        enable-user --email E        delete-user --email E
  claim-unowned   --email E        (gives E every item nobody owns: made before accounts, with
                                    accounts off, or by a deleted user; until then admins only see them)
  describe        [--since YYYY-MM-DD] [--user EMAIL]   (has the vision model (VISION_MODEL) describe
                  stored results without a description, at DESCRIBE_PACE_MS, charged to each owner's
                  text budget; resumable: run it again after an interruption)
  setup-code      (the code the /setup page asks for when the studio is reachable beyond loopback)
  migrate-data    --to postgresql://… [--media-to s3]   (copies this SQLite studio's rows into an empty
                  PostgreSQL database and, with --media-to s3, its files into the bucket the S3_*
                  settings name; resumable: run it again after an interruption. Stop the studio first.)
  backup          --to DIR [--media-manifest-only]   (the database, online, and the media files, with a
                  manifest of SHA-256 checksums; PostgreSQL through pg_dump. --media-manifest-only: with
                  MEDIA_STORE=s3, list and hash the bucket's files without copying them)
  restore         --from DIR [--force]   (puts a backup back: stop the studio first; --force replaces an
                  existing database)

Without --password, the password is read from the first line of standard input
(echo "$PASSWORD" | npm run admin -- create-user --email a@example.com), so it stays out of the
shell history and the process list.`;

const options = {
  email: { type: "string" },
  password: { type: "string" },
  name: { type: "string" },
  role: { type: "string" },
  "expires-days": { type: "string" },
  daily: { type: "string" },
  monthly: { type: "string" },
  "daily-tokens": { type: "string" },
  "monthly-tokens": { type: "string" },
  local: { type: "boolean" },
  "keep-tokens": { type: "boolean" },
  to: { type: "string" },
  "media-to": { type: "string" },
  from: { type: "string" },
  force: { type: "boolean" },
  "media-manifest-only": { type: "boolean" },
  since: { type: "string" },
  user: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const [command] = positionals;
  if (!command || values.help) return void console.log(USAGE);
  // Before authContext: the copy must not depend on (or write) the studio's auth settings.
  if (command === "migrate-data") return migrate(values.to, values["media-to"]);
  if (command === "backup") return runBackup(values.to, !!values["media-manifest-only"]);
  if (command === "restore") return runRestore(values.from, !!values.force);
  const ctx = await authContext();
  const need = (name: "email" | "name") => {
    const value = values[name];
    if (!value) throw new UsageError(`${command} needs --${name}`);
    return value;
  };

  switch (command) {
    case "create-user": {
      const role = values.role ?? "member";
      if (role !== "admin" && role !== "member") throw new UsageError('--role must be "admin" or "member"');
      const user = await createUser(ctx, {
        email: need("email"),
        password: values.password ?? (await passwordFromStdin()),
        name: values.name,
        role,
      });
      await cliAudit("user.create", user, { role: user.role });
      return void console.log(`created ${user.role} ${user.email} (id ${user.id})`);
    }
    case "reset-password": {
      const user = await findUserByEmail(ctx, need("email"));
      const { revokedTokens } = await resetPassword(
        ctx,
        user.id,
        values.password ?? (await passwordFromStdin()),
        { keepTokens: values["keep-tokens"] === true },
      );
      await cliAudit("user.password_reset", user, { revokedTokens });
      return void console.log(
        `new password set for ${user.email}; their sessions were ended and ${revokedTokens} API token(s) revoked`,
      );
    }
    case "create-token": {
      const user = await findUserByEmail(ctx, need("email"));
      const days = values["expires-days"];
      const token = await createToken(ctx, user.id, {
        name: need("name"),
        expiresInDays: days === undefined ? null : wholeNumber("--expires-days", days),
      });
      await cliAudit("token.create", user, { tokenId: token.id, name: token.name });
      console.error(
        `token "${token.name}" for ${user.email}, expires ${token.expiresAt ?? "never"}; shown once:`,
      );
      return void console.log(token.token);
    }
    case "set-budget": {
      const limits = budgetSchema.parse({
        daily: amount("--daily", values.daily),
        monthly: amount("--monthly", values.monthly),
        dailyTokens: amount("--daily-tokens", values["daily-tokens"]),
        monthlyTokens: amount("--monthly-tokens", values["monthly-tokens"]),
      });
      const user = values.local ? null : await findUserByEmail(ctx, need("email"));
      const budget = user ? await setBudget(ctx, user.id, limits) : await setLocalBudget(db(), limits);
      await cliAudit("user.budget_change", user ?? { id: "local", email: "local user" }, { ...limits });
      const show = (v: number | null | undefined, unit = "credits") =>
        v == null ? "no limit" : `${v} ${unit}`;
      return void console.log(
        `budget of ${user?.email ?? "the local user (accounts off)"}: daily ${show(budget.daily)}, monthly ${show(budget.monthly)}, ` +
          `tokens daily ${show(budget.dailyTokens, "tokens")}, monthly ${show(budget.monthlyTokens, "tokens")}`,
      );
    }
    case "list-users": {
      const users = await listUsers(ctx);
      if (!users.length) return void console.log("no users yet");
      const rows = users.map((u) => [
        u.email,
        u.role,
        u.disabled ? "disabled" : "active",
        `${u.activeTokens} token(s)`,
        u.budget
          ? `daily ${u.budget.daily ?? "-"} / monthly ${u.budget.monthly ?? "-"}` +
            (u.budget.dailyTokens != null || u.budget.monthlyTokens != null
              ? `, tokens ${u.budget.dailyTokens ?? "-"} / ${u.budget.monthlyTokens ?? "-"}`
              : "")
          : "no budget",
      ]);
      const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
      for (const row of rows)
        console.log(
          row
            .map((cell, i) => cell.padEnd(widths[i]))
            .join("  ")
            .trimEnd(),
        );
      return;
    }
    case "disable-user":
    case "enable-user": {
      const user = await findUserByEmail(ctx, need("email"));
      await updateUser(ctx, user.id, { disabled: command === "disable-user" });
      await cliAudit(command === "disable-user" ? "user.disable" : "user.enable", user);
      return void console.log(`${user.email} ${command === "disable-user" ? "disabled" : "enabled"}`);
    }
    case "delete-user": {
      const user = await findUserByEmail(ctx, need("email"));
      await deleteUser(ctx, user.id);
      await cliAudit("user.delete", user);
      return void console.log(`${user.email} deleted`);
    }
    case "claim-unowned": {
      const user = await findUserByEmail(ctx, need("email"));
      return void console.log(`${user.email} now owns ${describeCounts(await claimUnowned(db(), user.id))}`);
    }
    case "setup-code":
      return void console.log(await setupCode(ctx));
    case "describe":
      return describe(values.since, values.user ? (await findUserByEmail(ctx, values.user)).id : undefined);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

class UsageError extends Error {}

/** The CLI's changes in the audit log: no signed-in actor, the address "cli" (whoever ran it on the host). */
function cliAudit(
  action: AuditAction,
  user: { id: string; email: string },
  detail?: Record<string, unknown>,
) {
  return audit(db(), {
    action,
    actor: null,
    address: CLI_ADDRESS,
    target: { type: "user", id: user.id, label: user.email },
    detail,
  });
}

async function runBackup(to: string | undefined, mediaManifestOnly: boolean): Promise<void> {
  if (!to) throw new UsageError("backup needs --to DIR (a new or empty folder)");
  const manifest = await backup({ db: db(), env: env(), to, mediaManifestOnly });
  const rows = Object.values(manifest.database.rows).reduce((a, b) => a + b, 0);
  const bytes = manifest.media.files.reduce((a, f) => a + f.size, 0);
  console.log(
    `backed up ${rows} rows (${manifest.database.kind}) and ${manifest.media.files.length} files ` +
      `(${formatBytes(bytes)}, ${manifest.media.copied ? "copied" : "listed with checksums"}) to ${to}`,
  );
}

async function runRestore(from: string | undefined, force: boolean): Promise<void> {
  if (!from) throw new UsageError("restore needs --from DIR (a folder made by backup)");
  const report = await restore({ env: env(), from, force });
  const rows = Object.values(report.rows).reduce((a, b) => a + b, 0);
  console.log(
    `restored ${rows} rows; files: ${report.media.written} written, ${report.media.alreadyThere} already there`,
  );
}

async function describe(since: string | undefined, userId: string | undefined): Promise<void> {
  const from = since === undefined ? undefined : new Date(`${since}T00:00:00Z`);
  if (from && Number.isNaN(from.getTime())) throw new UsageError("--since must be a date such as 2026-11-01");
  let last = 0;
  const result = await runBackfill(describerDeps({ db: db() }), { since: from, userId }, (p) => {
    if (Date.now() - last < 2_000 && p.left > 0) return;
    last = Date.now();
    console.log(`described ${p.described}, refused ${p.refused}, failed ${p.failed}, ${p.left} left`);
  });
  console.log(
    `done: described ${result.described}, refused ${result.refused} (over budget: see each item), failed ${result.failed}`,
  );
}

async function migrate(to: string | undefined, mediaTo: string | undefined): Promise<void> {
  if (!to) throw new UsageError("migrate-data needs --to postgresql://…");
  if (mediaTo !== undefined && mediaTo !== "s3") throw new UsageError('--media-to must be "s3"');
  if (mediaTo && env().mediaStore.kind === "s3") {
    throw new UsageError("the studio's files are in S3 already (MEDIA_STORE=s3); leave out --media-to");
  }
  // The bucket is the one MEDIA_STORE=s3 would use: the S3_* settings, checked as at start.
  const s3 = mediaTo ? parseEnv({ ...process.env, MEDIA_STORE: "s3" }).mediaStore : null;
  const controller = new AbortController();
  process.once("SIGINT", () => {
    console.error("\nstopping after the current batch… (run the same command again to continue)");
    controller.abort(new StudioError("internal", "Interrupted; run the same command again to continue."));
  });
  const report = await migrateData({
    source: db(),
    mediaDir: env().mediaDir,
    targetUrl: to,
    mediaTo: s3?.kind === "s3" ? s3 : null,
    signal: controller.signal,
    onProgress: progressPrinter(),
  });
  console.log(formatReport(report));
  if (!report.ok) process.exitCode = 1;
}

/** Progress on stderr: each model when done, and at most once a second while a big one copies. */
function progressPrinter(): (progress: MigrationProgress) => void {
  let lastAt = 0;
  return (progress) => {
    const finished = progress.done >= progress.total;
    if (!finished && Date.now() - lastAt < 1000) return;
    lastAt = Date.now();
    console.error(
      progress.phase === "rows"
        ? `rows  ${progress.model}: ${progress.done}/${progress.total}`
        : `files ${progress.done}/${progress.total} (${formatBytes(progress.bytes)})`,
    );
  };
}

function wholeNumber(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a whole number of days, got "${value}"`);
  return Number(value);
}

function amount(flag: string, value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === "none") return null;
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number))
    throw new UsageError(`${flag} must be a number or "none", got "${value}"`);
  return number;
}

async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError("give --password, or pipe the password on standard input");
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0];
}

if (fs.existsSync(".env")) process.loadEnvFile(".env");
main(process.argv.slice(2))
  .then(() => db().$disconnect())
  .catch(async (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`admin: ${(error as Error).message}\n\n${USAGE}`);
    } else if (error instanceof ZodError) {
      console.error(
        `admin: ${error.issues.map((i) => `${formatPath(i.path) || "value"} ${i.message}`).join("; ")}`,
      );
    } else if (isStudioError(error) || error instanceof BackupError) {
      console.error(`admin: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
    await db()
      .$disconnect()
      .catch(() => undefined);
  });
