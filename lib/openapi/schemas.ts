import { z } from "zod";
import { TASK_STATUSES } from "../tasks/status";

/** Response shapes the document publishes. Open objects: the studio may add fields, never remove these. */
export const errorBody = z
  .object({
    error: z.looseObject({
      code: z
        .string()
        .meta({ description: "A stable code (lib/errors.ts ErrorCode), e.g. invalid_request." }),
      message: z.string(),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: "One entry per field that breaks a rule: its path and the rule." }),
    }),
  })
  .meta({ id: "Error" });

export const task = z
  .looseObject({
    id: z.string(),
    object: z.string(),
    model: z.string(),
    status: z.enum(TASK_STATUSES),
    progress: z.number().nullable(),
    error: z.string().nullable(),
    created: z.number().int(),
    result_url: z.string().optional(),
    studio: z.looseObject({ submittedAt: z.string(), mediaState: z.string() }),
  })
  .meta({ id: "Task" });

export const taskPage = z
  .object({
    items: z.array(z.looseObject({ id: z.string(), model: z.string(), status: z.string() })),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "TaskPage" });

export const galleryPage = z
  .looseObject({ items: z.array(z.looseObject({ id: z.string() })), nextCursor: z.string().nullable() })
  .meta({ id: "GalleryPage" });

export const anyJson = z
  .looseObject({})
  .meta({ id: "JsonObject", description: "A JSON object (see the route's notes)." });
