import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * Another process holding a SQLite file's write lock (BEGIN IMMEDIATE) for `ms`, as a backup or the
 * admin CLI may: resolves once the lock is held; `released` once the process let go and exited.
 */
export async function holdSqliteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const script = [
    `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(file)});`,
    `db.exec("BEGIN IMMEDIATE"); process.stdout.write("held");`,
    `setTimeout(() => { db.exec("ROLLBACK"); db.close(); }, ${ms});`,
  ].join("\n");
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const released = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("held") && resolve());
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the lock holder exited (${code}) before holding the lock`)));
  });
  return { released };
}
