/**
 * The sandbox's answers to the studio's vision jobs (lib/vision), recognised by the first line of
 * the system instruction: deterministic, built from what the sandbox itself generated, so tests can
 * assert captions and search. Its images are a sky over hills with a sun (media-generator.ts), its
 * videos a moving test pattern, each variant in its own hue: the answer names the hue it measures.
 *   [vision:invalid]         in the prompt: the first answer is not JSON, the retry is valid
 *   [vision:invalid-always]  every answer breaks the schema
 *   [vision:too-long]        (improve-prompt guidance) every proposal is longer than the model allows
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import sharp from "sharp";
import type { GenerateContentRequest, NativePart } from "@/lib/upstream/native-schema";
import { promptTokens, tokens, type SandboxReply } from "./reply";

const DESCRIBE = "Task: describe-media.";
const IMPROVE = "Task: improve-prompt.";

export function visionJob(request: GenerateContentRequest): "describe" | "improve" | null {
  const system = request.systemInstruction?.parts?.[0]?.text ?? "";
  if (system.startsWith(DESCRIBE)) return "describe";
  if (system.startsWith(IMPROVE)) return "improve";
  return null;
}

export async function composeVisionReply(
  job: "describe" | "improve",
  request: GenerateContentRequest,
): Promise<SandboxReply> {
  const text = job === "describe" ? await describeAnswer(request) : improveAnswer(request);
  const prompt = promptTokens(request);
  const candidates = tokens(text);
  return {
    text,
    finishReason: "STOP",
    usage: {
      promptTokenCount: prompt,
      candidatesTokenCount: candidates,
      totalTokenCount: prompt + candidates,
    },
    triggers: { slow: false, drop: false, stall: false, script: false },
  };
}

const allText = (request: GenerateContentRequest) =>
  request.contents.flatMap((c) => c.parts.map((p) => p.text ?? "")).join("\n");
const isRetry = (request: GenerateContentRequest) => request.contents.some((c) => c.role === "model");

async function describeAnswer(request: GenerateContentRequest): Promise<string> {
  const text = allText(request);
  if (/\[vision:invalid-always\]/i.test(text)) return JSON.stringify({ caption: "", tags: "none" });
  if (/\[vision:invalid\]/i.test(text) && !isRetry(request)) return "Here is what I see: a picture.";
  const media = request.contents[0]?.parts.filter((p) => p.inlineData) ?? [];
  if (!media.length)
    return JSON.stringify({ caption: "Nothing to see: no image was sent.", tags: [], shots: [] });
  const first = media[0].inlineData!;
  const video = first.mimeType.startsWith("video/") || media.length > 1;
  const colour = colourName(await meanColour(media[0]));
  const answer = video
    ? {
        caption: `A moving test pattern of ${colour} colour bars around a ticking counter.`,
        tags: ["test pattern", "colour bars", "counter", "animation", colour],
        shots: ["The colour bars scroll while the counter ticks, in one continuous shot."],
      }
    : {
        caption: `A ${colour} sky over rolling hills with a pale sun.`,
        tags: ["sky", "hills", "sun", "landscape", colour],
        shots: [],
      };
  const system = request.systemInstruction?.parts?.map((p) => p.text ?? "").join("\n") ?? "";
  return JSON.stringify(/"score"/.test(system) ? { ...answer, ...score(text, answer) } : answer);
}

/**
 * A take's score against its prompt: one point, plus two for each prompt word (3+ letters) the
 * caption or tags hold, at most 5; so takes of one prompt differ by the colour they show.
 */
function score(text: string, answer: { caption: string; tags: string[] }) {
  const prompt = /«([\s\S]*?)»/.exec(text)?.[1] ?? "";
  const seen = new Set(`${answer.caption} ${answer.tags.join(" ")}`.toLowerCase().match(/\p{L}+/gu) ?? []);
  const words = [...new Set(prompt.toLowerCase().match(/\p{L}{3,}/gu) ?? [])];
  const matched = words.filter((w) => seen.has(w));
  return {
    score: Math.min(5, 1 + 2 * matched.length),
    scoreReason: matched.length
      ? `Shows ${matched.join(", ")} from the prompt.`
      : "Shows nothing the prompt names.",
  };
}

function improveAnswer(request: GenerateContentRequest): string {
  const text = allText(request);
  const original = /«([\s\S]*?)»/.exec(text)?.[1]?.trim() ?? "";
  if (/\[vision:too-long\]/i.test(text)) {
    const max = Number(/at most (\d+) characters/.exec(text)?.[1] ?? 2000);
    return JSON.stringify({ prompt: `${original} ${"very ".repeat(Math.ceil(max / 5))}detailed`, notes: "" });
  }
  return JSON.stringify({
    prompt: `${original}, cinematic lighting, rich detail`,
    notes: "Added lighting and detail.",
  });
}

type Rgb = { r: number; g: number; b: number };

async function meanColour(part: NativePart): Promise<Rgb> {
  const { mimeType, data } = part.inlineData!;
  let bytes: Buffer = Buffer.from(data, "base64");
  if (mimeType.startsWith("video/")) bytes = await firstFrame(bytes);
  const { channels } = await sharp(bytes).removeAlpha().stats();
  return { r: channels[0].mean, g: channels[1].mean, b: channels[2].mean };
}

const run = promisify(execFile);

async function firstFrame(video: Buffer): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-vision-"));
  try {
    const input = path.join(dir, `${randomUUID()}.mp4`);
    const output = path.join(dir, "frame.png");
    await fs.writeFile(input, video);
    await run(
      ffmpegInstaller.path,
      ["-hide_banner", "-loglevel", "error", "-nostdin", "-i", input, "-frames:v", "1", output],
      {
        timeout: 30_000,
      },
    );
    return await fs.readFile(output);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The hue of a mean colour in one word; washed-out colours are grey. */
export function colourName({ r, g, b }: Rgb): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 20) return max > 200 ? "white" : max < 50 ? "black" : "grey";
  const d = max - min;
  let hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  hue = (hue * 60 + 360) % 360;
  const names: [number, string][] = [
    [15, "red"],
    [45, "orange"],
    [70, "yellow"],
    [160, "green"],
    [195, "teal"],
    [255, "blue"],
    [290, "purple"],
    [340, "magenta"],
    [360, "red"],
  ];
  return names.find(([limit]) => hue < limit)![1];
}
