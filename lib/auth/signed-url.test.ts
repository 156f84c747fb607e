import { describe, expect, it } from "vitest";
import { hasValidSignature, signPath } from "./signed-url";

const SECRET = "a-session-secret";
const NOW = Date.parse("2026-11-23T12:00:00Z");
const at = (path: string) => new URL(path, "https://studio.example.com");

describe("signed file links", () => {
  it("open the path they were made for until they expire", () => {
    const link = signPath(SECRET, "/api/media/m1", NOW, 60);
    expect(link).toMatch(/^\/api\/media\/m1\?expires=\d+&signature=[\w-]+$/);
    expect(hasValidSignature(SECRET, at(link), NOW + 59_000)).toBe(true);
    expect(hasValidSignature(SECRET, at(link), NOW + 60_000)).toBe(false);
  });

  it("open nothing else: another path, a longer expiry, another secret, or no signature", () => {
    const link = at(signPath(SECRET, "/api/media/m1", NOW, 60));
    const otherPath = at(link.href.replace("/m1?", "/m2?"));
    const longer = at(link.href.replace(/expires=\d+/, `expires=${Math.floor(NOW / 1000) + 9999}`));
    expect(hasValidSignature(SECRET, otherPath, NOW)).toBe(false);
    expect(hasValidSignature(SECRET, longer, NOW)).toBe(false);
    expect(hasValidSignature("another-secret", link, NOW)).toBe(false);
    expect(hasValidSignature(SECRET, at("/api/media/m1"), NOW)).toBe(false);
    expect(hasValidSignature(SECRET, at("/api/media/m1?expires=abc&signature=x"), NOW)).toBe(false);
  });
});
