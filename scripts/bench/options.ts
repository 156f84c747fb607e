// The benchmarks' shared command-line options, so each reads `--db` and a count the same way.
import type { BenchDbKind } from "./bench-db";

/** `--name N` (underscores and commas allowed: `--items 1_000_000`), or the fallback. */
export function countOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number((process.argv[at + 1] ?? "").replace(/[_,]/g, ""));
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a positive whole number`);
  return value;
}

/** `--db sqlite|postgresql` for one database; both without it. */
export function wantedDatabases(): BenchDbKind[] {
  const at = process.argv.indexOf("--db");
  if (at === -1) return ["sqlite", "postgresql"];
  const value = process.argv[at + 1];
  if (value !== "sqlite" && value !== "postgresql") throw new Error("--db takes sqlite or postgresql");
  return [value];
}
