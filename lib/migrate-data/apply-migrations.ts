import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { StudioError } from "../errors";

const root = path.resolve(import.meta.dirname, "../..");
const prismaBin = path.join(root, "node_modules", ".bin", "prisma");

/**
 * `prisma migrate deploy` on the target, as the start command runs it: prisma.config.ts picks
 * prisma/postgresql's schema and migrations by the URL's scheme and records them in
 * _prisma_migrations, so the target is exactly what `npm start` would have made. Already applied
 * migrations are skipped, so a rerun costs one query.
 */
export async function applyPostgresMigrations(databaseUrl: string): Promise<void> {
  try {
    await promisify(execFile)(prismaBin, ["migrate", "deploy"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new StudioError(
      "internal",
      `Applying the PostgreSQL migrations to the target failed:\n${(stderr || stdout || String(error)).trim()}`,
    );
  }
}
