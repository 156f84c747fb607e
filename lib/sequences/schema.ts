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

/** Output width/height: H.264 in yuv420p halves the colour planes, so both must be even. */
const pixels = z
  .number({ error: "must be a whole number of pixels" })
  .int({ error: "must be a whole number of pixels" })
  .min(16, { error: "must be 16 to 4096 pixels" })
  .max(4096, { error: "must be 16 to 4096 pixels" })
  .refine((n) => n % 2 === 0, {
    error: "must be an even number of pixels (H.264 needs even sizes)",
    params: { code: "even_pixels", params: {} },
  });
const fps = z
  .number({ error: "must be frames per second" })
  .min(1, { error: "must be 1 to 120 frames per second" })
  .max(120, { error: "must be 1 to 120 frames per second" });

/** The film's output as stored on the sequence; a field left out is chosen from the takes. */
export const outputSchema = z.strictObject({
  width: pixels.optional(),
  height: pixels.optional(),
  fps: fps.optional(),
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

/**
 * The output an assembly is asked for, over the sequence's stored one (and stored back, so the
 * page shows it after a reload): null sets a field back to "chosen from the takes".
 */
export const assembleSchema = z.strictObject({
  width: pixels.nullable().optional(),
  height: pixels.nullable().optional(),
  fps: fps.nullable().optional(),
  crossfadeSeconds: outputSchema.shape.crossfadeSeconds,
});
