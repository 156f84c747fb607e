export const MAX_TAG_LENGTH = 40;

/** Tags compare case-insensitively and ignore stray spaces: "Sunset  Beach" and "sunset beach" are one tag. */
export function normalizeTagName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");
}

/**
 * The normalized tag, or the rule it breaks. A plain function, so the tag editor checks tags
 * without shipping zod to the browser; the API's schema (review.ts) calls it too.
 */
export function checkTagName(name: string): { tag: string } | { error: string } {
  const tag = normalizeTagName(name);
  if (!tag) return { error: "must not be empty" };
  if (tag.length > MAX_TAG_LENGTH) return { error: `must be at most ${MAX_TAG_LENGTH} characters` };
  if (tag.includes(",")) return { error: "must not contain a comma" };
  return { tag };
}
