import { z } from "zod";

/** Request bodies of /api/sequences (browser-safe: the pages validate with them too). */
export const MAX_TAKES = 10;
export const MAX_SHOTS = 30;

const takes = z
  .number({ error: `must be a whole number from 1 to ${MAX_TAKES}` })
  .int({ error: `must be a whole number from 1 to ${MAX_TAKES}` })
  .min(1, { error: `must be a whole number from 1 to ${MAX_TAKES}` })
  .max(MAX_TAKES, { error: `must be a whole number from 1 to ${MAX_TAKES}` });
const seconds = z.number({ error: "must be seconds" }).min(0, { error: "must be 0 or more seconds" });

export const shotInputSchema = z.strictObject({
  model: z.string({ error: "must be a Model ID" }).trim().min(1, { error: "must be a Model ID" }),
  body: z.record(z.string(), z.unknown(), { error: "must be a JSON object of the model's parameters" }),
  takes: takes.default(1),
  chained: z.boolean({ error: "must be true or false" }).default(false),
});
export type ShotInput = z.infer<typeof shotInputSchema>;

export const outputSchema = z.strictObject({
  width: z.number().int().min(16).max(4096).optional(),
  height: z.number().int().min(16).max(4096).optional(),
  fps: z.number().min(1).max(120).optional(),
  crossfadeSeconds: z
    .number()
    .min(0, { error: "must be 0 to 2 seconds" })
    .max(2, { error: "must be 0 to 2 seconds" })
    .optional(),
});
export type SequenceOutput = z.infer<typeof outputSchema>;

const name = z.string({ error: "must be text" }).trim().min(1, { error: "must not be empty" }).max(200, {
  error: "must be at most 200 characters",
});

export const createSequenceSchema = z.strictObject({
  name,
  autoPick: z.boolean().default(false),
  output: outputSchema.default({}),
  shots: z
    .array(shotInputSchema)
    .max(MAX_SHOTS, { error: `must hold at most ${MAX_SHOTS} shots` })
    .default([]),
});

export const updateSequenceSchema = z.strictObject({
  name: name.optional(),
  autoPick: z.boolean().optional(),
  output: outputSchema.optional(),
});

export const updateShotSchema = z.strictObject({
  model: shotInputSchema.shape.model.optional(),
  body: shotInputSchema.shape.body.optional(),
  takes: takes.optional(),
  chained: z.boolean().optional(),
  /** Move to this 0-based place in the sequence. */
  index: z.number().int().min(0).optional(),
  trimIn: seconds.optional(),
  trimOut: seconds.nullable().optional(),
  muted: z.boolean().optional(),
});

export const pickSchema = z.strictObject({
  taskId: z.string().min(1, { error: "must be a take's task id" }),
});

export const assembleSchema = outputSchema;
