import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { MediaStoreConfig } from "../env";
import { StudioError } from "../errors";
import { formatBytes } from "../format/bytes";
import { contentDisposition } from "./content-disposition";
import { MeasuredSource } from "./measured-source";
import { normalizeMediaKey } from "./media-path";
import type {
  ByteRange,
  MediaStore,
  PresignOptions,
  StoredFileInfo,
  WriteOptions,
  WrittenFile,
} from "./media-store";
import { serverLog } from "../log";

type S3Config = Extract<MediaStoreConfig, { kind: "s3" }>;

/**
 * Memory held by one upload is about PART_BYTES × (QUEUE_SIZE + 1) whatever the file's size: the
 * part being filled plus the parts in flight. 8 MiB parts reach S3's 10,000-part cap at 78 GiB.
 */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** S3_REQUEST_TIMEOUT_MS's default: how long a request may wait for the bucket's answer, retry included. */
export const DEFAULT_S3_REQUEST_TIMEOUT_MS = 8_000;
/** A connection to the bucket that takes longer than this to open is given up. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Uploads and local copies: a transfer moving no byte for this long has stalled. Not shorter: a
 * server may go quiet for seconds while it completes a large multipart upload (MinIO sends its
 * keep-alive whitespace every 10 s).
 */
const TRANSFER_IDLE_MS = 30_000;
/**
 * A "does the bucket answer" check before a write that waited out its bound is believed for this
 * long: uploads during a stall answer 503 at once instead of each waiting again. (A refused
 * connection is not remembered: asking again costs nothing, and the bucket may be back.)
 */
const UNANSWERED_MEMORY_MS = 2_000;

/** Media files in an S3-compatible bucket, under S3_KEY_PREFIX + the same relative keys MEDIA_DIR uses. */
export class S3MediaStore implements MediaStore {
  readonly kind = "s3";
  readonly presignedRedirectSeconds: number | null;
  /** Requests a user waits on (stat, open, remove, copy, list): bounded until the bucket answers. */
  private readonly client: S3Client;
  /**
   * Transfers (uploads, local copies) may rightly take minutes: bounded by idleness instead. A file
   * served to a browser uses `client`, whose bound ends at the answer's headers, since a paused
   * player leaves its socket idle for as long as it likes.
   */
  private readonly transfers: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  /** One attempt of the short bound (half of S3_REQUEST_TIMEOUT_MS). */
  private readonly attemptMs: number;
  /** The check every write starts with, shared by the writes that start while it runs. */
  private answering: Promise<void> | null = null;
  private unanswered: { error: unknown; at: number } | null = null;

  constructor(config: S3Config) {
    // Without bounds a stalled server (connection open, no answer) held every request for good.
    const base = {
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
    };
    // Two attempts of half the bound each: the SDK retries a timeout, and the user waits for both.
    const attemptMs = Math.ceil((config.requestTimeoutMs ?? DEFAULT_S3_REQUEST_TIMEOUT_MS) / 2);
    this.attemptMs = attemptMs;
    this.client = new S3Client({
      ...base,
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, attemptMs),
        requestTimeout: attemptMs,
        throwOnRequestTimeout: true,
      },
    });
    this.transfers = new S3Client({
      ...base,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: TRANSFER_IDLE_MS },
    });
    this.bucket = config.bucket;
    this.prefix = config.keyPrefix;
    this.presignedRedirectSeconds = config.presignedRedirectSeconds;
  }

  /**
   * A multipart upload fed as the source arrives (bounded parts, bounded queue). The SDK aborts the
   * upload on any failure, so nothing appears under the key unless every byte arrived; a file the
   * validator rejects is deleted again before the caller records anything. Before the first byte
   * is read, the bucket must answer within S3_REQUEST_TIMEOUT_MS (`assertAnswers`).
   */
  async put(
    key: string,
    source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
    options: WriteOptions = {},
  ): Promise<WrittenFile> {
    const objectKey = this.objectKey(key);
    const measured = new MeasuredSource(source, options.maxBytes);
    const chunks = measured[Symbol.asyncIterator]();
    try {
      await this.assertAnswers();
      // The first bytes decide the object's Content-Type, which a presigned GET answers with.
      const head: Uint8Array[] = [];
      let ended = false;
      while (!measured.headComplete) {
        const next = await chunks.next();
        if (next.done) {
          ended = true;
          break;
        }
        head.push(next.value);
      }
      const contentType = await measured.contentType(options.declaredType);
      const body = Readable.from(
        (async function* () {
          for (const chunk of head) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          if (ended) return;
          for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
            yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
          }
        })(),
      );
      const upload = new Upload({
        client: this.transfers,
        params: { Bucket: this.bucket, Key: objectKey, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
    } catch (error) {
      await measured.cancel();
      // The source's own failure (a broken download, the size limit) says more than the abort that followed.
      throw measured.failure ?? error;
    }
    const file = await measured.written(options.declaredType);
    try {
      await options.validate?.(file);
    } catch (error) {
      await this.remove(key).catch(() => undefined);
      throw error;
    }
    return file;
  }

  /**
   * Whether the bucket answers now, asked with the short-bounded client: the transfer itself is
   * only bounded by 30 s without a byte moving (completing a large multipart upload may be silent
   * that long), so a stalled bucket would hold an upload for a minute before its 503. Any HTTP
   * answer but a 5xx will do (the key is never written; rights are the write's own business).
   */
  private async assertAnswers(): Promise<void> {
    if (this.unanswered && Date.now() - this.unanswered.at < UNANSWERED_MEMORY_MS)
      throw this.unanswered.error;
    const started = Date.now();
    this.answering ??= this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}.health-probe` }))
      .then(
        () => undefined,
        (error: unknown) => {
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          if (status !== undefined && status < 500) return;
          if (Date.now() - started >= this.attemptMs) this.unanswered = { error, at: Date.now() };
          throw error;
        },
      )
      .finally(() => {
        this.answering = null;
      });
    await this.answering;
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    return this.get(this.client, key, range);
  }

  private async get(
    client: S3Client,
    key: string,
    range?: ByteRange,
  ): Promise<ReadableStream<Uint8Array> | undefined> {
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async copy(from: string, to: string): Promise<void> {
    const source = `${this.bucket}/${this.objectKey(from)}`.split("/").map(encodeURIComponent).join("/");
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: this.objectKey(to), CopySource: source }),
    );
  }

  async withLocalFile<T>(key: string, maxBytes: number, work: (file: string) => Promise<T>): Promise<T> {
    const info = await this.stat(key);
    if (!info) throw new StudioError("not_found", `The stored file ${key} is missing.`);
    if (info.size > maxBytes) {
      throw new StudioError(
        "payload_too_large",
        `The stored file ${key} (${formatBytes(info.size)}) is over the ${formatBytes(maxBytes)} limit for a local copy.`,
      );
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "studio-s3-"));
    try {
      const file = path.join(dir, path.posix.basename(key));
      const body = await this.get(this.transfers, key);
      if (!body) throw new StudioError("not_found", `The stored file ${key} is missing.`);
      await pipeline(
        Readable.fromWeb(body as import("node:stream/web").ReadableStream),
        createWriteStream(file),
      );
      return await work(file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.objectKey(prefix),
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(this.prefix)) continue;
        yield { key: object.Key.slice(this.prefix.length), lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Aborts multipart uploads a crashed process left unfinished under the prefix (their parts are
   * billed storage). A bucket lifecycle rule (AbortIncompleteMultipartUpload) is the backstop.
   */
  async removeStale(prefix: string, olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    try {
      const listing = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.objectKey(prefix) }),
      );
      for (const upload of listing.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= cutoff) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        removed++;
      }
    } catch (error) {
      // Some S3-compatible servers do not list uploads; that must not stop the tracker from starting.
      serverLog.warn(`[storage] could not list unfinished uploads: ${(error as Error).message}`);
    }
    return removed;
  }

  async presignedUrl(key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentType: options.contentType,
      ...(options.downloadName
        ? { ResponseContentDisposition: contentDisposition(options.downloadName) }
        : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  private objectKey(key: string): string {
    return this.prefix + normalizeMediaKey(key);
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}
