import { z } from "zod";

export const MAX_TAG_LENGTH = 40;

/** Tags compare case-insensitively and ignore stray spaces: "Sunset  Beach" and "sunset beach" are one tag. */
export function normalizeTagName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");
}

export const tagNameSchema = z
  .string()
  .transform(normalizeTagName)
  .pipe(
    z
      .string()
      .min(1, { error: "must not be empty" })
      .max(MAX_TAG_LENGTH, { error: `must be at most ${MAX_TAG_LENGTH} characters` })
      .refine((v) => !v.includes(","), { error: "must not contain a comma" }),
  );
