/**
 * The chunks of a body, web stream or Node stream alike. Web streams are read through a reader so
 * that an early exit (`return()`, a `break`) cancels the source — aborts the HTTP download —
 * instead of leaving it half-consumed.
 */
export function streamChunks(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncIterator<Uint8Array> & AsyncIterable<Uint8Array> {
  if (!("getReader" in source)) {
    const iterator = source[Symbol.asyncIterator]();
    return Object.assign(iterator, { [Symbol.asyncIterator]: () => iterator });
  }
  const reader = source.getReader();
  const iterator: AsyncIterator<Uint8Array> & AsyncIterable<Uint8Array> = {
    async next() {
      const { done, value } = await reader.read();
      return done ? { done: true, value: undefined } : { done: false, value };
    },
    async return() {
      await reader.cancel().catch(() => undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
