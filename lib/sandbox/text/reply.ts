/**
 * The sandbox's deterministic answer: built only from the request, so the same conversation always
 * gets the same reply. Switches written into the last user message (docs/decisions/chat.md):
 *   [error:NNN] answer HTTP NNN with an upstream-style error body (400–599)
 *   [slow]      stream 20 chunks 150 ms apart
 *   [drop]      cut the connection after a few chunks (a network error mid-stream)
 *   [stall]     send the headers and one chunk, then nothing until the client gives up
 *   [script]    put a <script> tag and an <img onerror> in the markdown (the studio must show both as text)
 */
import type { GenerateContentRequest, UsageMetadata } from "@/lib/upstream/native-schema";
import { describeMediaPart, formatFacts } from "./describe-media";

export type TextTriggers = {
  errorStatus?: number;
  slow: boolean;
  drop: boolean;
  stall: boolean;
  script: boolean;
};

export type SandboxReply = {
  text: string;
  finishReason: "STOP" | "MAX_TOKENS";
  usage: Required<UsageMetadata>;
  triggers: TextTriggers;
};

// Tokens are estimated the usual way (about four characters each); media count as one image tile.
const CHARS_PER_TOKEN = 4;
const TOKENS_PER_MEDIA = 258;

export function lastUserText(request: GenerateContentRequest): string {
  const users = request.contents.filter((c) => (c.role ?? "user") === "user");
  const last = users.at(-1) ?? request.contents.at(-1);
  return (last?.parts ?? []).map((p) => p.text ?? "").join("\n");
}

export function parseTextTriggers(text: string): TextTriggers {
  const error = /\[error:(\d{3})\]/i.exec(text);
  const status = error ? Number(error[1]) : undefined;
  return {
    errorStatus: status !== undefined && status >= 400 && status <= 599 ? status : undefined,
    slow: /\[slow\]/i.test(text),
    drop: /\[drop\]/i.test(text),
    stall: /\[stall\]/i.test(text),
    script: /\[script\]/i.test(text),
  };
}

export async function composeReply(model: string, request: GenerateContentRequest): Promise<SandboxReply> {
  const userText = lastUserText(request);
  const triggers = parseTextTriggers(userText);
  const lastUser = request.contents.filter((c) => (c.role ?? "user") === "user").at(-1);
  const media = [];
  for (const part of lastUser?.parts ?? []) {
    const facts = await describeMediaPart(part);
    if (facts) media.push(facts);
  }
  const system = (request.systemInstruction?.parts ?? []).flatMap((p) => (p.text ? [p.text] : [])).join(" ");
  const quoted = userText.replace(/\s+/g, " ").trim();

  const lines = [
    "### Sandbox reply",
    "",
    `You wrote: “${quoted.length > 200 ? `${quoted.slice(0, 200)}…` : quoted}”`,
    "",
    `- Model: \`${model}\``,
    `- Messages in the conversation: ${request.contents.length}`,
    ...(system ? [`- System instruction: “${system.slice(0, 120)}”`] : []),
    ...(media.length === 0
      ? ["- Attachments: none"]
      : media.map((facts, i) => `- Attachment ${i + 1}: ${formatFacts(facts)}`)),
    "",
    ...(triggers.script
      ? [
          "Here is a script tag: <script>window.__pwned=1</script>",
          "",
          // Unlike a <script> inserted by React, this one would run if raw HTML were ever rendered.
          'And an image: <img src=x onerror="window.__pwned=1">',
          "",
        ]
      : []),
    "```ts",
    `const words = ${quoted ? quoted.split(" ").length : 0};`,
    "```",
    "",
    "This answer comes from the built-in sandbox upstream: no model was called.",
  ];
  let text = lines.join("\n");
  let finishReason: SandboxReply["finishReason"] = "STOP";
  const maxTokens = request.generationConfig?.maxOutputTokens;
  if (maxTokens !== undefined && tokens(text) > maxTokens) {
    text = Array.from(text)
      .slice(0, Math.max(0, maxTokens) * CHARS_PER_TOKEN)
      .join("");
    finishReason = "MAX_TOKENS";
  }
  const promptTokenCount = promptTokens(request);
  const candidatesTokenCount = tokens(text);
  return {
    text,
    finishReason,
    usage: {
      promptTokenCount,
      candidatesTokenCount,
      totalTokenCount: promptTokenCount + candidatesTokenCount,
    },
    triggers,
  };
}

export function tokens(text: string): number {
  return Math.ceil(Array.from(text).length / CHARS_PER_TOKEN);
}

export function promptTokens(request: GenerateContentRequest): number {
  let count = 0;
  const texts = (request.systemInstruction?.parts ?? []).flatMap((p) => (p.text ? [p.text] : []));
  for (const content of request.contents) {
    for (const part of content.parts) {
      if (part.text !== undefined) texts.push(part.text);
      if (part.inlineData || part.fileData) count += TOKENS_PER_MEDIA;
    }
  }
  return count + tokens(texts.join(""));
}
