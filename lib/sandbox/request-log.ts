/**
 * What the sandbox received, for tests that assert on upstream traffic ("a rule violation makes no
 * upstream call"). Bounded by count and by body bytes; the key itself is never stored, only
 * whether one was sent.
 */
export type LoggedRequest = {
  method: string;
  /** Path relative to the sandbox root, with the query string: "/v2/model-center/tasks". */
  path: string;
  /** Parsed JSON, else the raw text; null without a body. */
  body: unknown;
  /** An `Authorization: Bearer …` header was present (its value is never kept). */
  authorization: boolean;
  /** ISO time the request arrived. */
  at: string;
};

export type RequestLogLimits = { maxEntries?: number; maxBodyBytes?: number };

export class RequestLog {
  private entries: { entry: LoggedRequest; bytes: number }[] = [];
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBodyBytes: number;

  constructor(limits: RequestLogLimits = {}) {
    this.maxEntries = limits.maxEntries ?? 1000;
    this.maxBodyBytes = limits.maxBodyBytes ?? 64 * 1024 * 1024;
  }

  add(entry: LoggedRequest, bodyBytes = 0): void {
    this.entries.push({ entry, bytes: bodyBytes });
    this.bytes += bodyBytes;
    // Oldest first out, but the newest entry always stays, however large.
    while (
      this.entries.length > 1 &&
      (this.entries.length > this.maxEntries || this.bytes > this.maxBodyBytes)
    ) {
      this.bytes -= this.entries.shift()!.bytes;
    }
  }

  /** Oldest first. */
  list(): LoggedRequest[] {
    return this.entries.map((e) => e.entry);
  }

  clear(): void {
    this.entries = [];
    this.bytes = 0;
  }
}
