import { z } from "zod";
import { emailSchema, passwordSchema, roleSchema } from "./password-policy";

/**
 * The bodies of the sign-in, setup and admin user routes: one schema each, parsed by the route (or
 * the lib function it calls) and published in the OpenAPI document. Browser-safe (zod only).
 */

/** POST /api/auth/login. Any length: a wrong password is "wrong", not "too short" (that would say which rule it broke). */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "is required" }).min(1, { error: "is required" }).max(1024),
});

/** POST /api/auth/setup: the first admin; `setupCode` when the studio is reachable beyond loopback. */
export const setupSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(80, { error: "must be at most 80 characters" }).optional(),
  password: passwordSchema,
  setupCode: z.string().trim().optional(),
});

/**
 * An admin acting on another account confirms with their own current password in the same request
 * (lib/auth/reauth.ts says why); optional here so that accounts off (the local admin) needs none.
 */
export const adminPasswordField = {
  adminPassword: z.string({ error: "must be your own current password" }).max(1024).optional(),
};

/** POST /api/admin/users. */
export const newUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(80, { error: "must be at most 80 characters" }).optional(),
  password: passwordSchema,
  role: roleSchema.default("member"),
  ...adminPasswordField,
});

/** PATCH /api/admin/users/:id. A role or disable change needs adminPassword; a new name does not. */
export const userPatchSchema = z
  .object({
    disabled: z.boolean({ error: "must be true or false" }).optional(),
    role: roleSchema.optional(),
    name: z.string().max(80, { error: "must be at most 80 characters" }).optional(),
    ...adminPasswordField,
  })
  .strict();

/** DELETE /api/admin/users/:id (the body is optional: accounts off needs none). */
export const userDeleteSchema = z.object(adminPasswordField).strict();

/** POST /api/admin/users/:id/password. */
export const resetPasswordSchema = z.object({
  password: passwordSchema,
  keepTokens: z.boolean({ error: "must be true or false" }).default(false),
  ...adminPasswordField,
});

const creditLimit = z
  .number({ error: "must be a number of credits, or null for no limit" })
  .finite({ error: "must be a number of credits, or null for no limit" })
  .min(0, { error: "must be 0 or more" })
  .nullable();
const tokenLimit = z
  .number({ error: "must be a whole number of tokens, or null for no limit" })
  .int({ error: "must be a whole number of tokens, or null for no limit" })
  .min(0, { error: "must be 0 or more" })
  .max(2_000_000_000, { error: "must be at most 2000000000 tokens" })
  .nullable()
  .optional();

/** PUT /api/admin/users/:id/budget: credits and text tokens; null = no limit, a token limit left out is kept. */
export const budgetSchema = z
  .object({ daily: creditLimit, monthly: creditLimit, dailyTokens: tokenLimit, monthlyTokens: tokenLimit })
  .strict();
