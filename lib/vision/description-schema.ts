import { z } from "zod";
import { formatPath } from "../errors";

/**
 * What the vision model must answer for one result, as JSON: one schema for the describer (which
 * validates the model's output and asks once more when it does not fit), the owner's edit route and
 * the sandbox (which answers with it). Browser-safe.
 */
export const MAX_CAPTION_CHARS = 400;
export const MAX_TAGS = 20;
export const MAX_TAG_CHARS = 40;
export const MAX_SHOTS = 12;

const tag = z
  .string()
  .trim()
  .min(1, { error: "must not be empty" })
  .max(MAX_TAG_CHARS, { error: `must be at most ${MAX_TAG_CHARS} characters` })
  .transform((t) => t.toLowerCase());

export const shownSchema = z.object({
  caption: z
    .string({ error: "is required: one sentence saying what is shown" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(MAX_CAPTION_CHARS, { error: `must be at most ${MAX_CAPTION_CHARS} characters` }),
  tags: z
    .array(tag, { error: "is required: an array of short strings" })
    .max(MAX_TAGS, { error: `must hold at most ${MAX_TAGS} tags` })
    .transform((tags) => [...new Set(tags)]),
  shots: z
    .array(z.string().trim().min(1, { error: "must not be empty" }).max(200), {
      error: "must be an array of one-line shot summaries",
    })
    .max(MAX_SHOTS, { error: `must hold at most ${MAX_SHOTS} shots` })
    .default([]),
  /** How well the take matches its prompt (asked only when its batch or shot scores takes). */
  score: z
    .number({ error: "must be a whole number from 0 to 5" })
    .int({ error: "must be a whole number from 0 to 5" })
    .min(0, { error: "must be a whole number from 0 to 5" })
    .max(5, { error: "must be a whole number from 0 to 5" })
    .optional(),
  scoreReason: z.string().trim().max(200, { error: "must be at most 200 characters" }).optional(),
});

export type Shown = z.infer<typeof shownSchema>;

/** The owner's edit (detail view): caption and tags, the shots stay as described. */
export const shownEditSchema = z.object({
  caption: shownSchema.shape.caption,
  tags: shownSchema.shape.tags,
});

export type ShownCheck = { ok: true; value: Shown } | { ok: false; problem: string };

/**
 * The model's answer as a description, or what is wrong with it in words the retry can send back.
 * A fenced ```json block is accepted: models add one even when asked not to.
 */
export function parseShown(text: string, options: { score?: boolean } = {}): ShownCheck {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: "the answer is not JSON" };
  }
  const parsed = shownSchema.safeParse(json);
  if (parsed.success) {
    if (options.score && parsed.data.score === undefined)
      return { ok: false, problem: "score is required: a whole number from 0 to 5" };
    if (options.score && !parsed.data.scoreReason)
      return { ok: false, problem: "scoreReason is required: one line saying why" };
    return { ok: true, value: parsed.data };
  }
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${formatPath(issue.path) || "the answer"} ${issue.message}` };
}
