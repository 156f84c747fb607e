import { z } from "zod";

/**
 * The one password rule, shared by the server, the forms and ADMIN_PASSWORD. Length is what makes
 * a password strong; composition rules only make it harder to remember (NIST SP 800-63B). The cap
 * bounds the hashing work a request can cause.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: "is required" })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const emailSchema = z
  .string({ error: "is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "must be an e-mail address" }).max(254, { error: "is too long" }));

export const roleSchema = z.enum(["admin", "member"], { error: 'must be "admin" or "member"' });
export type Role = z.infer<typeof roleSchema>;
