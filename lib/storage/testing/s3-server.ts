import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { IncomingMessage } from "node:http";
import S3rver from "@20minutes/s3rver";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { MediaStoreConfig } from "../../env";

// How s3rver names an object's bytes on disk: `<bucket>/<key>._S3rver_object`.
const OBJECT_SUFFIX = "._S3rver_object";
// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3-protocol server in this process (s3rver: pure JS, files in a temp folder) on a random
 * loopback port with one empty bucket, plus a plain SDK client to look at what it holds.
 */
export async function startS3Server() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const bucket = "studio-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  commitWholeObjectsOnly(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });

  return {
    endpoint,
    bucket,
    /** The environment that points MEDIA_STORE at this server. */
    env: {
      MEDIA_STORE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "1",
    },
    config(overrides: { keyPrefix?: string; presignedRedirectSeconds?: number | null } = {}) {
      return {
        kind: "s3",
        bucket,
        endpoint,
        region: "us-east-1",
        credentials: CREDENTIALS,
        forcePathStyle: true,
        keyPrefix: overrides.keyPrefix ?? "",
        presignedRedirectSeconds: overrides.presignedRedirectSeconds ?? null,
      } satisfies MediaStoreConfig;
    },
    /** The bytes of an object by its full key (prefix included); undefined when there is none. */
    async objectBytes(key: string): Promise<Buffer | undefined> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    /**
     * Every object key in the bucket, sorted. Read from the server's folder: s3rver refuses the
     * SDK's signature on a list of the bucket's root (it signs the path without its trailing "/").
     */
    keys(): string[] {
      const root = path.join(dir, bucket);
      return fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).slice(0, -OBJECT_SUFFIX.length),
        )
        .map((key) => key.split(path.sep).join("/"))
        .sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

type FilesystemStore = { putContent(objectPath: string, content: unknown): Promise<[number, string]> };

/**
 * S3 commits an object only when its whole body arrived: a PUT the network cut off answers
 * IncompleteBody (or never answers) and leaves the key as it was. s3rver writes a plain PUT's body
 * straight into the object's file and keeps whatever arrived, so a connection the fault proxy cut
 * mid-upload left half an object under its final key — which a real bucket never holds, and which
 * the studio's adoption of stored downloads rightly trusts. Here the body goes to a side file,
 * renamed over the object only once every byte its headers announced has arrived.
 */
function commitWholeObjectsOnly(server: S3rver) {
  const store = (server as unknown as { store: FilesystemStore }).store;
  const putContent = store.putContent.bind(store);
  let sequence = 0;
  store.putContent = async (objectPath, content) => {
    const incoming = `${objectPath}.incoming-${++sequence}`;
    try {
      const [size, md5] = await putContent(incoming, content);
      const request = content as Partial<IncomingMessage>;
      if (request.headers) {
        // A plain PUT (aws-chunked bodies are checked by s3rver's own decoder).
        const announced = Number(request.headers["content-length"]);
        if (!request.complete || (Number.isFinite(announced) && announced !== size))
          throw new Error(`IncompleteBody: ${size} of ${request.headers["content-length"]} bytes arrived`);
      }
      await fs.promises.rename(incoming, objectPath);
      return [size, md5];
    } catch (error) {
      await fs.promises.rm(incoming, { force: true });
      throw error;
    }
  };
}
