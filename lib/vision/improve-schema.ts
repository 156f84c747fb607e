import { z } from "zod";
import { PROMPT_MAX_CHARS } from "../catalog/prompt-text";

/**
 * POST /api/vision/improve-prompt: the studio form's prompt, the model it is for, optional guidance
 * ("more cinematic", "shorter") and the form's other fields, so the proposal is checked with the
 * same rules the submit will apply. One schema for the route and the form's panel. Browser-safe.
 */
export const MAX_GUIDANCE_CHARS = 500;

export const improvePromptSchema = z.strictObject({
  model: z.string({ error: "is required: the Model ID the prompt is for" }).min(1, { error: "is required" }),
  prompt: z
    .string({ error: "is required: the prompt to improve" })
    .trim()
    .min(1, { error: "must not be empty: write a prompt first" })
    .max(PROMPT_MAX_CHARS, { error: `must be at most ${PROMPT_MAX_CHARS} characters` }),
  guidance: z
    .string({ error: "must be text" })
    .max(MAX_GUIDANCE_CHARS, { error: `must be at most ${MAX_GUIDANCE_CHARS} characters` })
    .optional(),
  /** The form's other fields; only the prompt's own rules decide whether a proposal is valid. */
  body: z.record(z.string(), z.unknown(), { error: "must be an object of the form's fields" }).optional(),
});

export type ImprovePromptInput = z.infer<typeof improvePromptSchema>;

export type ImprovedPrompt = {
  original: string;
  proposal: string;
  notes: string;
  /** Whether the proposal passes the model's prompt rules (after at most one retry). */
  valid: boolean;
  /** The rule the proposal breaks, when it is not valid. */
  rule: string | null;
  /** Warnings the form shows before submit (the upstream cuts long prompts silently). */
  notices: string[];
  /** What the improvement cost: counted in the text ledger and budget like chat. */
  tokens: number;
  credits: number;
  visionModel: string;
};
