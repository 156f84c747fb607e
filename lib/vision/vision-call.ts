import "server-only";
import type { Db } from "../db";
import { env } from "../env";
import { admitTextCall } from "../spend/text-admission";
import { priceOf, textCredits } from "../spend/text-prices";
import { dropTextCall, finishTextCall } from "../spend/text-usage";
import { callTextApi, type TextApiConfig } from "../upstream/text-client";
import {
  responseText,
  type GenerateContentRequest,
  type GenerateContentResponse,
  type UsageMetadata,
} from "../upstream/native-schema";

/**
 * One call of the vision model for a spender, through the one admission path (rate limit, budget:
 * lib/spend/text-admission.ts) and the text ledger (source "vision"), as chat answers are: admitted
 * and recorded before the upstream is asked, completed with the usage it reports.
 */
export type VisionAnswer = {
  text: string;
  usage: UsageMetadata | undefined;
  tokens: number;
  credits: number;
};

export type VisionCallOptions = { config?: TextApiConfig; signal?: AbortSignal; now?: () => number };

export async function callVisionModel(
  db: Db,
  input: { spender: string; model: string; body: GenerateContentRequest },
  options: VisionCallOptions = {},
): Promise<VisionAnswer> {
  const call = await admitTextCall(
    db,
    { spender: input.spender, source: "vision", model: input.model },
    { now: options.now },
  );
  let response: Response;
  try {
    response = await callTextApi(
      { model: input.model, method: "generateContent", body: input.body, signal: options.signal },
      options.config,
    );
  } catch (error) {
    // Refused or unreachable before any answer: no tokens were used.
    await finishTextCall(db, call, null, "error").catch(() => dropTextCall(db, call));
    throw error;
  }
  let json: GenerateContentResponse;
  try {
    json = (await response.json()) as GenerateContentResponse;
  } catch (error) {
    await finishTextCall(db, call, null, "error");
    throw error;
  }
  const usage = json.usageMetadata;
  await finishTextCall(db, call, usage, "complete");
  const promptTokens = usage?.promptTokenCount ?? 0;
  const candidatesTokens = usage?.candidatesTokenCount ?? 0;
  return {
    text: responseText(json),
    usage,
    tokens: usage?.totalTokenCount ?? promptTokens + candidatesTokens,
    credits: textCredits(priceOf(env().textTokenPrices, input.model), { promptTokens, candidatesTokens }),
  };
}
