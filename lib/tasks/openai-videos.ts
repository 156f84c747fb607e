import { z } from "zod";
import type { ModelDef } from "../catalog/types";
import { StudioError } from "../errors";
import type { TaskWithMedia } from "./load-task";
import { presentTask, type PresentedTask } from "./present-task";

/**
 * The v1 mirror speaks OpenAI's videos API as its official SDK does (issue 23, part 4): the SDK
 * posts a multipart form (seconds as text, `size` as "WIDTHxHEIGHT", an optional `input_reference`
 * file) and reads OpenAI's video object. This module maps both ways; the family rules stay the only
 * validation (lib/catalog/v1).
 */

/** OpenAI's statuses: the studio's `processing` is OpenAI's `in_progress`. */
export type OpenAiVideoStatus = "queued" | "in_progress" | "completed" | "failed";

export type OpenAiVideo = Omit<PresentedTask, "status" | "error" | "progress"> & {
  object: "video";
  status: OpenAiVideoStatus;
  progress: number;
  created_at: number;
  completed_at: number | null;
  expires_at: null;
  prompt: string;
  seconds: string;
  size: string;
  error: { code: string; message: string } | null;
};

const SIZE = /^(\d{2,5})x(\d{2,5})$/;

/**
 * The form as the SDK posts it, for the OpenAPI document (multipart/form-data). The route reads the
 * text fields through bodyFromVideoForm and the family's rules; any other field of the family (e.g.
 * `aspect_ratio`, `resolution`) may be sent as text too.
 */
export const videoFormSchema = z
  .object({
    model: z.string().min(1).meta({ description: "A v1 model id of this family." }),
    prompt: z.string(),
    seconds: z
      .string()
      .regex(/^\s*\d+\s*$/)
      .optional()
      .meta({ description: "Whole seconds, as text; the family's lengths apply." }),
    size: z.string().regex(SIZE).optional().meta({
      description: "WIDTHxHEIGHT: its aspect ratio (and, where the family has one, its resolution).",
    }),
    input_reference: z
      .file()
      .optional()
      .meta({ description: "An image, stored as an upload and sent as the one reference image." }),
    "input_reference[image_url]": z
      .string()
      .optional()
      .meta({ description: "Or a reference image by URL (OpenAI's input_reference.image_url)." }),
  })
  .catchall(z.string())
  .meta({ id: "V1VideoForm" });

/**
 * A form's text fields as the family's body: whole-number text for integer fields ("4" → 4, the SDK
 * sends `seconds` as a string), `size` as `aspect_ratio` (and `resolution` where the family has one).
 */
export function bodyFromVideoForm(fields: Record<string, string>, model: ModelDef | undefined) {
  const body: Record<string, unknown> = {};
  // OpenAI's `input_reference: { image_url }`, as the SDK flattens an object into a form.
  const imageUrl = fields["input_reference[image_url]"];
  if (imageUrl !== undefined) {
    if (!takesReferenceImages(model)) throw inputReferenceRefused(model, fields.model ?? "");
    body.reference_images = [imageUrl];
  }
  for (const [name, value] of Object.entries(fields)) {
    if (name.startsWith("input_reference[")) continue;
    const param = model?.params.find((p) => p.name === name);
    body[name] = param?.type === "integer" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  }
  if (fields.size === undefined) return body;
  delete body.size;
  const match = SIZE.exec(fields.size.trim());
  if (!match) throw sizeError(`"${fields.size}" is not WIDTHxHEIGHT`, model);
  const [width, height] = [Number(match[1]), Number(match[2])];
  if (!width || !height) throw sizeError(`"${fields.size}" has a zero side`, model);
  const divisor = gcd(width, height);
  body.aspect_ratio ??= `${width / divisor}:${height / divisor}`;
  const resolution = model?.params.find((p) => p.name === "resolution");
  if (resolution?.type === "enum" && body.resolution === undefined) {
    const wanted = `${Math.min(width, height)}p`;
    if (!resolution.values.includes(wanted)) throw sizeError(`${fields.size} is ${wanted}`, model);
    body.resolution = wanted;
  }
  return body;
}

/** Whether the model takes reference images, where an `input_reference` file can go. */
export function takesReferenceImages(model: ModelDef | undefined): boolean {
  return Boolean(model?.params.some((p) => p.name === "reference_images" && p.type === "media"));
}

export function inputReferenceRefused(model: ModelDef | undefined, modelId: string): StudioError {
  const message = model
    ? `input_reference: ${modelId} takes no reference image (only the v1 families C standard and E do); send the form without it.`
    : "input_reference: name a v1 model (field model) that takes reference images (families C standard and E).";
  return new StudioError("invalid_request", message, {
    issues: [{ path: "input_reference", message: "is not accepted by this model" }],
  });
}

/** The task as OpenAI's video object, keeping the studio's own fields (`studio`, result URLs). */
export function presentOpenAiVideo(task: TaskWithMedia, origin: string): OpenAiVideo {
  const shown = presentTask(task, origin);
  const status: OpenAiVideoStatus = shown.status === "processing" ? "in_progress" : shown.status;
  const request = shown.studio.request;
  const done = status === "completed" || status === "failed";
  return {
    ...shown,
    object: "video",
    status,
    progress: status === "completed" ? 100 : Math.max(0, Math.min(100, Math.round(shown.progress ?? 0))),
    created_at: shown.created,
    completed_at: done && task.finishedAt ? Math.floor(task.finishedAt.getTime() / 1000) : null,
    expires_at: null,
    prompt: task.prompt ?? "",
    seconds: String(request.seconds ?? ""),
    size: sizeOf(request),
    error:
      status === "failed"
        ? { code: "video_generation_failed", message: shown.error ?? "The generation failed." }
        : null,
  };
}

/** "WIDTHxHEIGHT" from the body sent: the resolution (720p when none) at the aspect ratio. */
function sizeOf(request: Record<string, unknown>): string {
  const short = Number.parseInt(String(request.resolution ?? "720"), 10) || 720;
  const [w, h] = String(request.aspect_ratio ?? "16:9")
    .split(":")
    .map(Number);
  if (!w || !h) return "";
  const even = (n: number) => Math.round(n / 2) * 2;
  return w >= h ? `${even((short * w) / h)}x${short}` : `${short}x${even((short * h) / w)}`;
}

function sizeError(problem: string, model: ModelDef | undefined): StudioError {
  const resolution = model?.params.find((p) => p.name === "resolution");
  const allowed =
    resolution?.type === "enum"
      ? `its shorter side one of ${resolution.values.join(", ")} (e.g. 1280x720 for 720p)`
      : "any WIDTHxHEIGHT (only its aspect ratio is used)";
  return new StudioError("invalid_request", `size: ${problem}; this model takes ${allowed}.`, {
    issues: [{ path: "size", message: `must be ${allowed}` }],
  });
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
