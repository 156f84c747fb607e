// The part of busboy (1.x, which ships no types) that lib/http/multipart.ts uses.
declare module "busboy" {
  import type { Readable, Writable } from "node:stream";

  export type FileInfo = { filename: string | undefined; encoding: string; mimeType: string };
  export type FieldInfo = {
    nameTruncated: boolean;
    valueTruncated: boolean;
    encoding: string;
    mimeType: string;
  };
  export type Limits = {
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
  };

  export interface BusboyParser extends Writable {
    on(event: "file", listener: (name: string, stream: Readable, info: FileInfo) => void): this;
    on(event: "field", listener: (name: string, value: string, info: FieldInfo) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default function Busboy(config: { headers: Record<string, string>; limits?: Limits }): BusboyParser;
}
