// CONTRACT STUB — the gallery owner replaces this file; keep the exported name and signature.
import type { Db } from "../db";

/**
 * Creates the stored thumbnail (image) or poster frame (video) of a stored Media row, once,
 * and records thumbPath/width/height/durationSec. Called by the download pipeline after a file
 * is stored; failures are logged by the caller and never fail the download.
 */
export declare function createThumbnail(db: Db, mediaId: string): Promise<void>;
