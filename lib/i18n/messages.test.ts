/**
 * The two message files stay complete and in step: a key missing (or empty) in either language fails,
 * as does a message whose placeholders differ between them (a Chinese sentence that drops {count}
 * would show a hole, one that adds a name would throw) or that is not valid ICU.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { LOCALES } from "./locales";

type Tree = { [key: string]: string | Tree };
const files: Record<string, Tree> = { en, "zh-CN": zhCN };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The argument names a message uses, branches of plural and select included. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
  }
  return names;
}

const flat = Object.fromEntries(Object.entries(files).map(([locale, tree]) => [locale, flatten(tree)]));

describe("messages", () => {
  it("has a file for every locale", () => {
    expect(Object.keys(files).sort()).toEqual([...LOCALES].sort());
  });

  it("has every key in both languages, none empty", () => {
    const all = new Set(Object.values(flat).flatMap((m) => [...m.keys()]));
    const missing = Object.entries(flat).flatMap(([locale, messages]) =>
      [...all].filter((key) => !messages.get(key)?.trim()).map((key) => `${locale}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("uses the same placeholders in both languages, in valid ICU", () => {
    const differing: string[] = [];
    for (const [key, english] of flat.en) {
      const chinese = flat["zh-CN"].get(key);
      if (chinese === undefined) continue;
      const a = [...argumentsOf(parse(english))].sort().join(",");
      const b = [...argumentsOf(parse(chinese))].sort().join(",");
      if (a !== b) differing.push(`${key}: en {${a}} / zh-CN {${b}}`);
    }
    expect(differing).toEqual([]);
  });
});
