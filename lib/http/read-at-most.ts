/**
 * Reads a body up to `maxBytes` and no further: past the limit it cancels the source (closing the
 * connection) and says so, so neither an oversized request nor an upstream's runaway answer is ever
 * held in memory. The one bounded read of the studio (request bodies, upstream task answers).
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
  if (!body) return { bytes: Buffer.alloc(0), complete: true };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), complete: true };
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks), complete: false };
    }
    size += value.byteLength;
    chunks.push(value);
  }
}
