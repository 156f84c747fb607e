/**
 * The native text API's request body (spec "Native text generation"), one zod schema used by the
 * studio proxy, the chat send path and the sandbox. Objects are loose: fields the spec does not
 * list (safetySettings, tools, …) pass through untouched so clients written for the real API work.
 */
import { z } from "zod";

// The spec lists types only, no ranges: ranges are the upstream's business, the proxy checks types.
const nativeGenerationConfigSchema = z.looseObject({
  temperature: z.number({ error: "must be a number" }).optional(),
  topP: z.number({ error: "must be a number" }).optional(),
  maxOutputTokens: z.number({ error: "must be an integer" }).int({ error: "must be an integer" }).optional(),
});

const inlineDataSchema = z.object({
  mimeType: z
    .string({ error: "is required (e.g. image/png)" })
    .min(1, { error: "is required (e.g. image/png)" }),
  data: z.base64({ error: "must be base64-encoded bytes" }),
});

const fileDataSchema = z.object({
  mimeType: z
    .string({ error: "is required (e.g. video/mp4)" })
    .min(1, { error: "is required (e.g. video/mp4)" }),
  fileUri: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
});

export const nativePartSchema = z
  .looseObject({
    text: z.string({ error: "must be a string" }).optional(),
    inlineData: inlineDataSchema.optional(),
    fileData: fileDataSchema.optional(),
  })
  // Other kinds of part (functionCall, functionResponse, executableCode, …) pass through untouched:
  // which ones a model takes is the upstream's business. An empty part is a mistake either way.
  .refine((part) => Object.keys(part).length > 0, {
    error: "must carry text, inlineData {mimeType, data}, fileData {mimeType, fileUri} or another part field",
  });

export const nativeContentSchema = z.looseObject({
  role: z.string({ error: "must be a string such as user or model" }).optional(),
  parts: z
    .array(nativePartSchema, { error: "is required: an array of parts" })
    .min(1, { error: "must hold at least one part" }),
});

export const generateContentRequestSchema = z.looseObject({
  contents: z
    .array(nativeContentSchema, { error: "is required: an array of {role, parts}" })
    .min(1, { error: "must hold at least one message" }),
  generationConfig: nativeGenerationConfigSchema.optional(),
  systemInstruction: z
    .looseObject({
      role: z.string().optional(),
      // The spec does not require text on these parts; when present it must be a string.
      parts: z.array(z.looseObject({ text: z.string({ error: "must be a string" }).optional() }), {
        error: "is required: an array of parts",
      }),
    })
    .optional(),
});

export type NativePart = z.infer<typeof nativePartSchema>;
export type NativeContent = z.infer<typeof nativeContentSchema>;
export type GenerateContentRequest = z.infer<typeof generateContentRequestSchema>;
export type NativeGenerationConfig = z.infer<typeof nativeGenerationConfigSchema>;

export const TEXT_METHODS = ["generateContent", "streamGenerateContent"] as const;
export type TextMethod = (typeof TEXT_METHODS)[number];

export type UsageMetadata = {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
};

/** One response (or one streamed chunk) of the native API, read leniently. */
export type GenerateContentResponse = {
  candidates?: Array<{
    content?: { role?: string; parts?: Array<{ text?: string } & Record<string, unknown>> };
    finishReason?: string;
    index?: number;
  }>;
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
  /** Some upstreams report failures inside a 200 stream as a chunk carrying `error`. */
  error?: { code?: number; message?: string; status?: string };
};

/** The generated text of a response or chunk (first candidate, text parts joined). */
export function responseText(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts.map((p) => (typeof p.text === "string" ? p.text : "")).join("");
}
