import { z } from "zod";
import { isWebhookEvent, WEBHOOK_EVENTS } from "./events";

const eventList = z
  .array(z.string())
  .min(1, { error: "choose at least one event" })
  .refine((events) => events.every(isWebhookEvent), {
    error: `each event must be one of ${Object.keys(WEBHOOK_EVENTS).join(", ")}`,
    params: { code: "each_one_of", params: { allowed: Object.keys(WEBHOOK_EVENTS) } },
  });

/** http(s) only; where it points (private addresses) is judged at delivery by the safe fetch. */
const webhookUrl = z
  .string()
  .trim()
  .max(2000, { error: "must be at most 2000 characters" })
  .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
    error: "must be an http:// or https:// URL",
    params: { code: "http_url", params: {} },
  });

export const createWebhookSchema = z.object({
  url: webhookUrl,
  events: eventList,
  description: z.string().trim().max(200).default(""),
  /** Admins only: an endpoint that receives every user's events. */
  global: z.boolean().default(false),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: webhookUrl,
    events: eventList,
    description: z.string().trim().max(200),
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
