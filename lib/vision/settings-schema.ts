import { z } from "zod";

/** PUT /api/vision/settings: describe my results; an admin may also turn it on for everyone. */
export const describeSettingsSchema = z
  .strictObject({
    mine: z.boolean({ error: "must be true or false" }).optional(),
    everyone: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine((s) => s.mine !== undefined || s.everyone !== undefined, { error: "send mine or everyone" });
