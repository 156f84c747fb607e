/**
 * What a text call costs in credits: TEXT_TOKEN_PRICES, `model=in/out` pairs separated by commas,
 * in credits per million input (prompt) and output (candidates) tokens; `*` prices every model not
 * listed. Unset, every model costs 0: tokens are counted, no credits (the spec gives no token price).
 * Read by lib/env.ts (so no server-only here).
 */
export type TokenPrice = { input: number; output: number };
export type TokenPrices = { models: Readonly<Record<string, TokenPrice>>; default: TokenPrice };

export const FREE_TOKENS: TokenPrice = Object.freeze({ input: 0, output: 0 });

const PAIR = /^([A-Za-z0-9._\-*]+)=([^/]+)\/(.+)$/;

/** Parses the setting; throws an Error naming the entry and the rule. */
export function parseTokenPrices(value: string | undefined): TokenPrices {
  const models: Record<string, TokenPrice> = {};
  let fallback = FREE_TOKENS;
  for (const raw of (value ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = PAIR.exec(entry);
    if (!match) throw new Error(`"${entry}" is not model=input/output (credits per million tokens)`);
    const [, model, input, output] = match;
    const price = { input: credits(input, entry), output: credits(output, entry) };
    if (model === "*") fallback = price;
    else if (models[model]) throw new Error(`"${model}" is priced twice`);
    else models[model] = price;
  }
  return { models, default: fallback };
}

function credits(text: string, entry: string): number {
  const n = Number(text.trim());
  if (!text.trim() || !Number.isFinite(n) || n < 0)
    throw new Error(`"${entry}": prices must be numbers of credits, 0 or more`);
  return n;
}

export function priceOf(prices: TokenPrices, model: string): TokenPrice {
  return prices.models[model] ?? prices.default;
}

/** Credits of one call, rounded to 1/10000 of a credit (stored per call, summed later). */
export function textCredits(
  price: TokenPrice,
  usage: { promptTokens: number | null; candidatesTokens: number | null },
): number {
  const credits =
    ((usage.promptTokens ?? 0) * price.input + (usage.candidatesTokens ?? 0) * price.output) / 1_000_000;
  return Math.round(credits * 10_000) / 10_000;
}
