import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What a backup folder holds, written last (a folder without it is not a backup). */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: {
    kind: "sqlite" | "postgresql";
    /** database.sqlite (an online copy) or database.pgdump (pg_dump's custom format). */
    file: string;
    sha256: string;
    /** Rows per model at the time of the backup; a restore checks them. */
    rows: Record<string, number>;
  };
  media: {
    kind: "local" | "s3";
    /** Whether the files' bytes are in the folder (media/<key>), or only listed (S3, --media-manifest-only). */
    copied: boolean;
    files: { key: string; size: number; sha256: string }[];
  };
};

export const MANIFEST = "manifest.json";

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new BackupError(
      `${dir} is not a backup: it has no ${MANIFEST} (an interrupted backup leaves none).`,
    );
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1)
    throw new BackupError(`${file}: format ${String(manifest.format)} is not one this studio reads.`);
  return manifest;
}

/** Rows per model, through the generated client (a model added to the schema is counted too). */
export async function countRows(db: unknown, models: readonly string[]): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const model of models) {
    const delegate = (db as Record<string, { count: () => Promise<number> }>)[
      model.charAt(0).toLowerCase() + model.slice(1)
    ];
    rows[model] = await delegate.count();
  }
  return rows;
}

/** A backup or restore refused or failed for a reason the operator can act on (the CLI prints it). */
export class BackupError extends Error {}
