import "server-only";
import { describeParam } from "../catalog/describe-param";
import { promptNotices } from "../catalog/prompt-text";
import { resolveModel, validateTaskRequest } from "../catalog/validate";
import type { ModelDef } from "../catalog/types";
import type { Db } from "../db";
import { env } from "../env";
import { isStudioError } from "../errors";
import { spenderOf } from "../spend/owner";
import type { GenerateContentRequest } from "../upstream/native-schema";
import type { TextApiConfig } from "../upstream/text-client";
import type { ImprovedPrompt, ImprovePromptInput } from "./improve-schema";
import { callVisionModel } from "./vision-call";

/**
 * "Improve prompt": the text model rewrites a prompt within the model's limits and rules (as the
 * form's help states them), optionally following the user's guidance. The proposal must pass the
 * model's prompt validation; when it does not, the model is told the rule once and asked again,
 * then the proposal is returned with the rule it breaks. Nothing is submitted: the form shows a diff.
 * First line of the instructions: the job's name, which the sandbox answers (vision-reply.ts).
 */
export const IMPROVE_TASK_LINE = "Task: improve-prompt.";

export function modelLimits(model: ModelDef): string[] {
  const lines: string[] = [];
  const prompt = model.params.find((p) => p.name === "prompt");
  if (prompt?.type === "string") {
    if (prompt.maxLength) lines.push(`The prompt must be at most ${prompt.maxLength} characters.`);
    if (prompt.minLength) lines.push(`The prompt must be at least ${prompt.minLength} characters.`);
  }
  if (model.promptTruncation)
    lines.push(
      `Longer prompts are cut after ${model.promptTruncation.maxNonChinese} characters (${model.promptTruncation.maxChinese} Chinese characters).`,
    );
  if (model.rules?.includes("asset-prompt-limits"))
    lines.push("The prompt must be at most 1000 English words and 500 Chinese characters.");
  for (const note of model.notes ?? []) lines.push(note);
  for (const param of model.params) {
    if (param.type !== "media") continue;
    lines.push(`${param.name}: ${param.label}. ${describeParam(param)}`);
  }
  return lines;
}

function improveRequest(model: ModelDef, input: ImprovePromptInput): GenerateContentRequest {
  const system = [
    IMPROVE_TASK_LINE,
    `You improve prompts for ${model.name} (${model.id}), a ${model.kind} generation model.`,
    "Keep the user's subject and intent; make the prompt clearer and more visual (subject, action,",
    "setting, camera, lighting, style). Refer to media fields only as the rules below describe them.",
    'Answer with one JSON object and nothing else: {"prompt": the improved prompt, "notes": one short line on what changed}.',
  ].join("\n");
  const limits = modelLimits(model);
  const text = [
    `Limits and rules of ${model.id}:`,
    ...(limits.length ? limits.map((l) => `- ${l}`) : ["- none stated"]),
    `Prompt to improve: «${input.prompt}»`,
    input.guidance?.trim() ? `The user's guidance: ${input.guidance.trim()}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  return {
    systemInstruction: { parts: [{ text: system }] },
    contents: [{ role: "user", parts: [{ text }] }],
    generationConfig: { temperature: 0.4, maxOutputTokens: 2048 },
  };
}

type Proposal = { prompt: string; notes: string } | { problem: string };

function readProposal(text: string): Proposal {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  try {
    const json = JSON.parse(body) as { prompt?: unknown; notes?: unknown };
    if (typeof json.prompt !== "string" || !json.prompt.trim())
      return { problem: "the answer has no prompt (a non-empty string)" };
    return { prompt: json.prompt.trim(), notes: typeof json.notes === "string" ? json.notes : "" };
  } catch {
    return { problem: "the answer is not JSON" };
  }
}

/** The rule a prompt breaks for this model (only the prompt's own rules), or null. */
export function promptRuleBroken(
  model: ModelDef,
  body: Record<string, unknown>,
  prompt: string,
): string | null {
  try {
    validateTaskRequest({ ...body, model: model.id, prompt });
    return null;
  } catch (error) {
    if (!isStudioError(error)) throw error;
    const issue = error.issues?.find((i) => String(i.path).split(/[.[]/)[0] === "prompt");
    return issue ? `prompt ${issue.message}` : null;
  }
}

export async function improvePrompt(
  db: Db,
  userId: string | null,
  input: ImprovePromptInput,
  options: { config?: TextApiConfig; visionModel?: string } = {},
): Promise<ImprovedPrompt> {
  const model = resolveModel(input.model);
  const visionModel = options.visionModel ?? env().vision.model;
  const body = input.body ?? {};
  const first = improveRequest(model, input);
  let request = first;
  let tokens = 0;
  let credits = 0;
  let outcome: { prompt: string; notes: string; rule: string | null } | null = null;
  let lastProblem = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await callVisionModel(
      db,
      { spender: spenderOf(userId), model: visionModel, body: request },
      { config: options.config },
    );
    tokens += answer.tokens;
    credits += answer.credits;
    const proposal = readProposal(answer.text);
    const problem = "problem" in proposal ? proposal.problem : promptRuleBroken(model, body, proposal.prompt);
    if ("prompt" in proposal) outcome = { ...proposal, rule: problem };
    if (!problem) break;
    lastProblem = problem;
    request = {
      ...first,
      contents: [
        ...first.contents,
        { role: "model", parts: [{ text: answer.text || "(empty)" }] },
        {
          role: "user",
          parts: [
            { text: `That proposal is not valid: ${problem}. Answer again with only the JSON object.` },
          ],
        },
      ],
    };
  }
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  const proposal = outcome?.prompt ?? input.prompt;
  return {
    original: input.prompt,
    proposal,
    notes: outcome?.notes ?? "",
    valid: Boolean(outcome) && outcome!.rule === null,
    rule: outcome ? outcome.rule : `The text model gave no usable proposal: ${lastProblem}.`,
    notices: promptNotices(model, proposal),
    tokens,
    credits: round(credits),
    visionModel,
  };
}
