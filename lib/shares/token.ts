import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes (256 bits, well above the 128 the issue asks for), base64url: 43 characters. */
export function newShareToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What the database is searched by: the token's SHA-256. Looking a token up by its hash (a unique
 * index) rather than comparing the stored token keeps the comparison's timing independent of how
 * many leading characters a guess got right.
 */
export function hashShareToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Tokens this studio makes have exactly this shape; anything else is unknown without a lookup. */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
