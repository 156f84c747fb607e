import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import { describe, expect, it } from "vitest";
import { loadedLanguages, loadLanguages, missingLanguages } from "./highlight-languages";
import { rehypePlugins, remarkPlugins } from "./markdown-pipeline";

const render = (text: string) =>
  renderToStaticMarkup(
    createElement(ReactMarkdown, { remarkPlugins, rehypePlugins: rehypePlugins(loadedLanguages()) }, text),
  );

const answer = "Here:\n\n```ts\nconst words = 3;\n```\n\n~~~py\nprint(1)\n~~~\n\n```klingon\nqapla'\n```\n";

describe("highlighting languages on demand", () => {
  it("names the loadable languages a text's fences use, by alias too, and nothing else", () => {
    expect(missingLanguages(answer)).toEqual(["typescript", "python"]);
    expect(missingLanguages("no code, and `inline` code")).toEqual([]);
  });

  it("highlights a block once its language has loaded, and leaves an unknown one plain", async () => {
    const before = render(answer);
    expect(before).not.toContain("hljs-keyword");
    await loadLanguages(missingLanguages(answer));
    expect(missingLanguages(answer)).toEqual([]);
    const after = render(answer);
    expect(after).toContain('<span class="hljs-keyword">const</span>');
    expect(after).toContain('<span class="hljs-built_in">print</span>');
    expect(after).toContain("qapla&#x27;");
    // The registered aliases are the fences' names.
    expect(loadedLanguages().aliases.typescript).toContain("ts");
  });
});
