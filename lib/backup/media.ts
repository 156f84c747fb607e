import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Db } from "../db";
import { FILE_REFERENCES } from "../migrate-data/file-references";
import { listMediaFiles, openMediaFile, statMediaFile, writeMediaFile } from "../storage/files";
import { BackupError, sha256File, type BackupManifest } from "./manifest";

type FileEntry = BackupManifest["media"]["files"][number];

/**
 * The keys a backup covers. MEDIA_DIR: every finished file in it (the store lists top folders one
 * by one). A bucket: the files the database names (listing a shared bucket could pick up others').
 */
export async function mediaKeys(db: Db, kind: "local" | "s3", mediaDir: string): Promise<string[]> {
  const keys = new Set<string>();
  if (kind === "local") {
    const tops = fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir, { withFileTypes: true }) : [];
    for (const top of tops) {
      if (!top.isDirectory() || top.name.startsWith(".")) continue;
      for await (const { key } of listMediaFiles(top.name)) keys.add(key);
    }
  } else {
    for (const ref of FILE_REFERENCES) {
      const delegate = (
        db as unknown as Record<string, { findMany: (a: unknown) => Promise<Record<string, unknown>[]> }>
      )[ref.model.charAt(0).toLowerCase() + ref.model.slice(1)];
      const rows = await delegate.findMany({ select: { [ref.path]: true } });
      for (const row of rows)
        if (typeof row[ref.path] === "string" && row[ref.path]) keys.add(row[ref.path] as string);
    }
  }
  return [...keys].sort();
}

/** Reads each file from the store, hashing it, and (unless `copy` is false) writes it to `dir`/media. */
export async function backupMedia(keys: string[], dir: string, copy: boolean): Promise<FileEntry[]> {
  const files: FileEntry[] = [];
  for (const key of keys) {
    const body = await openMediaFile(key);
    if (!body) throw new BackupError(`The stored file ${key} is missing from the media store.`);
    const hash = createHash("sha256");
    let size = 0;
    const target = path.join(dir, "media", ...key.split("/"));
    if (copy) fs.mkdirSync(path.dirname(target), { recursive: true });
    const out = copy ? fs.createWriteStream(target) : null;
    for await (const chunk of Readable.fromWeb(
      body as import("node:stream/web").ReadableStream<Uint8Array>,
    )) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      size += bytes.length;
      if (out && !out.write(bytes)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    if (out)
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    files.push({ key, size, sha256: hash.digest("hex") });
  }
  return files;
}

export type MediaRestoreReport = { written: number; alreadyThere: number; missing: string[] };

/**
 * Puts each file of the backup back into the store unless an identical one is there. With a
 * manifest only (nothing copied), checks that the store still holds each file, byte for byte.
 */
export async function restoreMedia(manifest: BackupManifest, dir: string): Promise<MediaRestoreReport> {
  const report: MediaRestoreReport = { written: 0, alreadyThere: 0, missing: [] };
  for (const file of manifest.media.files) {
    if (await storedMatches(file)) {
      report.alreadyThere++;
      continue;
    }
    const source = path.join(dir, "media", ...file.key.split("/"));
    if (!manifest.media.copied || !fs.existsSync(source)) {
      report.missing.push(file.key);
      continue;
    }
    if ((await sha256File(source)) !== file.sha256)
      throw new BackupError(
        `The backup's copy of ${file.key} is damaged (its SHA-256 differs from the manifest).`,
      );
    await writeMediaFile(file.key, Readable.toWeb(fs.createReadStream(source)) as ReadableStream<Uint8Array>);
    report.written++;
  }
  return report;
}

async function storedMatches(file: FileEntry): Promise<boolean> {
  const stat = await statMediaFile(file.key);
  if (!stat || stat.size !== file.size) return false;
  const body = await openMediaFile(file.key);
  if (!body) return false;
  const hash = createHash("sha256");
  for await (const chunk of Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>))
    hash.update(chunk as Buffer);
  return hash.digest("hex") === file.sha256;
}
