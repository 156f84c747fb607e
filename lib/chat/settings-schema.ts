/**
 * Per-conversation settings, one schema for the settings form (zodResolver) and the studio API.
 * The spec gives generationConfig types only; these bounds are the studio's (the native API's
 * usual ranges), so a typo is caught in the form rather than by the upstream.
 */
import { z } from "zod";

const generationSettingsSchema = z.object({
  temperature: z
    .number({ error: "must be a number" })
    .min(0, { error: "must be between 0 and 2" })
    .max(2, { error: "must be between 0 and 2" })
    .optional(),
  topP: z
    .number({ error: "must be a number" })
    .min(0, { error: "must be between 0 and 1" })
    .max(1, { error: "must be between 0 and 1" })
    .optional(),
  maxOutputTokens: z
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(1_000_000, { error: "must be at most 1,000,000" })
    .optional(),
});

export const SYSTEM_INSTRUCTION_MAX = 32_000;

export const conversationSettingsSchema = z.object({
  systemInstruction: z
    .string()
    .max(SYSTEM_INSTRUCTION_MAX, { error: `must be at most ${SYSTEM_INSTRUCTION_MAX} characters` }),
  generationConfig: generationSettingsSchema,
});

const TITLE_MAX = 120;

export const conversationPatchSchema = conversationSettingsSchema.partial().extend({
  title: z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(TITLE_MAX, { error: `must be at most ${TITLE_MAX} characters` })
    .optional(),
  /** Checked against the text models on the server. */
  model: z.string().optional(),
});

export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;
export type ConversationPatch = z.infer<typeof conversationPatchSchema>;
