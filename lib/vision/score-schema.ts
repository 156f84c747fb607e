import { z } from "zod";

const id = z.string({ error: "must be an id" }).min(1, { error: "must not be empty" });

/** PUT /api/vision/score: score the takes of one batch or one sequence shot (issue 25 part 4). */
export const scoreTakesSchema = z
  .strictObject({
    batchId: id.optional(),
    shotId: id.optional(),
    on: z.boolean({ error: "must be true or false" }),
  })
  .refine((s) => (s.batchId === undefined) !== (s.shotId === undefined), {
    error: "send exactly one of batchId and shotId",
  });

export const scoreScopeQuery = z
  .object({ batchId: id.optional(), shotId: id.optional() })
  .refine((s) => (s.batchId === undefined) !== (s.shotId === undefined), {
    error: "give exactly one of batchId and shotId",
  });
