// TEXT_TOKEN_PRICES and TEXT_RATE_PER_MINUTE as an operator writes them, through the studio's own env parser.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { priceOf, textCredits } from "./text-prices";

function problem(source: Record<string, string>): string {
  try {
    parseEnv(source);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("text token prices", () => {
  it("defaults to 0 for every model: tokens counted, no credits", () => {
    const prices = parseEnv({}).textTokenPrices;
    expect(priceOf(prices, "llm-2.5-pro")).toEqual({ input: 0, output: 0 });
    expect(textCredits(priceOf(prices, "x"), { promptTokens: 1e6, candidatesTokens: 1e6 })).toBe(0);
  });

  it("prices listed models per million input and output tokens, `*` the others", () => {
    const prices = parseEnv({ TEXT_TOKEN_PRICES: " llm-2.5-pro=1.25/10 , *=0.3/2.5" }).textTokenPrices;
    expect(priceOf(prices, "llm-2.5-pro")).toEqual({ input: 1.25, output: 10 });
    expect(priceOf(prices, "llm-3-flash-preview")).toEqual({ input: 0.3, output: 2.5 });
    // 2000 in + 500 out at 1.25/10 per million: 0.0025 + 0.005
    expect(textCredits(priceOf(prices, "llm-2.5-pro"), { promptTokens: 2000, candidatesTokens: 500 })).toBe(
      0.0075,
    );
    expect(textCredits(priceOf(prices, "llm-2.5-pro"), { promptTokens: null, candidatesTokens: null })).toBe(
      0,
    );
  });

  it("names the entry and the rule when the setting is wrong", () => {
    expect(problem({ TEXT_TOKEN_PRICES: "llm-2.5-pro=1.25" })).toMatch(
      /TEXT_TOKEN_PRICES: "llm-2.5-pro=1.25" is not model=input\/output/,
    );
    expect(problem({ TEXT_TOKEN_PRICES: "a=1/-2" })).toMatch(
      /TEXT_TOKEN_PRICES: "a=1\/-2": prices must be numbers/,
    );
    expect(problem({ TEXT_TOKEN_PRICES: "a=1/x" })).toMatch(/prices must be numbers of credits, 0 or more/);
    expect(problem({ TEXT_TOKEN_PRICES: "a=1/2,a=3/4" })).toMatch(/"a" is priced twice/);
  });

  it("takes TEXT_RATE_PER_MINUTE as a whole number, 60 by default, 0 for no limit", () => {
    expect(parseEnv({}).textRatePerMinute).toBe(60);
    expect(parseEnv({ TEXT_RATE_PER_MINUTE: "0" }).textRatePerMinute).toBe(0);
    for (const bad of ["-1", "2.5", "many", "10001"])
      expect(problem({ TEXT_RATE_PER_MINUTE: bad })).toMatch(
        /TEXT_RATE_PER_MINUTE: must be a whole number from 0 to 10000 \(0 = no limit\)/,
      );
  });
});
