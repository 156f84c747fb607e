// The usage scanner over the bytes a stream really carries: any framing, any chunk boundary.
import { describe, expect, it } from "vitest";
import { UsageScanner } from "./usage-scanner";

const usage = { promptTokenCount: 12, candidatesTokenCount: 30, totalTokenCount: 42 };
const chunk = (text: string, u?: object) =>
  JSON.stringify({ candidates: [{ content: { parts: [{ text }] } }], ...(u ? { usageMetadata: u } : {}) });

function scan(body: string, size: number): UsageScanner {
  const bytes = new TextEncoder().encode(body);
  const scanner = new UsageScanner();
  for (let i = 0; i < bytes.length; i += size) scanner.push(bytes.subarray(i, i + size));
  return scanner;
}

describe("UsageScanner", () => {
  const sse = `data: ${chunk("Hé ✨", { promptTokenCount: 12 })}\r\n\r\ndata: ${chunk("end", usage)}\r\n\r\n`;
  const array = `[${chunk("one")},\n${chunk("two", { ...usage, promptTokensDetails: [{ modality: "TEXT", tokenCount: 12 }] })}]`;

  it.each([1, 2, 3, 7, 64, 100_000])("finds the last usage in SSE and JSON arrays, %i-byte reads", (size) => {
    expect(scan(sse, size).usage).toEqual(usage);
    expect(scan(array, size).usage).toMatchObject(usage);
  });

  it("is not fooled by the words in the model's text", () => {
    const forged = `data: ${chunk('"usageMetadata": {"totalTokenCount": 1}')}\n\ndata: ${chunk("x", usage)}\n\n`;
    expect(scan(forged, 5).usage).toEqual(usage);
    expect(scan(`data: ${chunk('"usageMetadata": {"totalTokenCount": 1}')}\n\n`, 5).usage).toBeNull();
  });

  it("keeps what came before a stream that is cut inside the next usage", () => {
    const cut = `data: ${chunk("a", { promptTokenCount: 5, totalTokenCount: 5 })}\n\ndata: {"usageMetadata": {"promptTok`;
    expect(scan(cut, 4).usage).toEqual({ promptTokenCount: 5, totalTokenCount: 5 });
  });
});
