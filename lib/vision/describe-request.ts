import type { GenerateContentRequest, NativeContent, NativePart } from "../upstream/native-schema";
import { MAX_CAPTION_CHARS, MAX_SHOTS, MAX_TAGS } from "./description-schema";

/**
 * The vision model's instructions for describing one result. The first line names the job, so
 * the sandbox (lib/sandbox/text/vision-reply.ts) can answer it; a real model just reads it.
 */
export const DESCRIBE_TASK_LINE = "Task: describe-media.";

const SYSTEM = [
  DESCRIBE_TASK_LINE,
  "You describe a generated image or video for a searchable media library.",
  "Answer with one JSON object and nothing else:",
  `{"caption": one plain sentence of at most ${MAX_CAPTION_CHARS} characters saying what is visibly shown,`,
  ` "tags": up to ${MAX_TAGS} short lower-case tags for the visible objects, people, setting, colours and style,`,
  ` "shots": for a video, up to ${MAX_SHOTS} one-line summaries of its shots in order; [] for an image}.`,
  "Describe what you see, not what the prompt asked for: the two may differ.",
].join("\n");

const SCORE = [
  `Also rate how well it matches the prompt: "score": a whole number from 0 (not at all) to 5 (exactly),`,
  ` "scoreReason": one line saying why.`,
].join("\n");

export function describeRequest(input: {
  kind: string;
  prompt: string;
  /** Ask for a score against the prompt as well (a take of a batch or shot that scores takes). */
  score?: boolean;
  as: "image" | "video file" | "frames";
  media: NativePart[];
}): GenerateContentRequest {
  const what =
    input.as === "frames"
      ? `a video, as ${input.media.length} frames spread over it`
      : input.as === "video file"
        ? "a video"
        : "an image";
  const text = `This is ${what}. It was made from this prompt (context only): «${input.prompt}»`;
  return {
    systemInstruction: { parts: [{ text: input.score ? `${SYSTEM}\n${SCORE}` : SYSTEM }] },
    contents: [{ role: "user", parts: [{ text }, ...input.media] }],
    generationConfig: { temperature: 0.2, maxOutputTokens: 1024 },
  };
}

/** The same conversation with the invalid answer and what was wrong with it: the one retry. */
export function retryRequest(
  first: GenerateContentRequest,
  answer: string,
  problem: string,
): GenerateContentRequest {
  const retry: NativeContent[] = [
    { role: "model", parts: [{ text: answer || "(empty)" }] },
    {
      role: "user",
      parts: [
        {
          text: `Your answer was not valid: ${problem}. Answer again with only the JSON object described in the instructions.`,
        },
      ],
    },
  ];
  return { ...first, contents: [...first.contents, ...retry] };
}
