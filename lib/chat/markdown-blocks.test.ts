import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks } from "./markdown-blocks";
import { rehypePlugins, remarkPlugins } from "./markdown-pipeline";

/** The chat's markdown pipeline rendered to HTML. */
const html = (text: string) =>
  renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins, rehypePlugins: rehypePlugins() }, text));

/**
 * What the user sees must not change: the blocks rendered one by one, with the line break the chat
 * puts between them, equal the whole text rendered at once.
 */
const blockwise = (text: string) => splitMarkdownBlocks(text).map(html).join("\n");

const expectSameRendering = (text: string) => expect(blockwise(text)).toBe(html(text));

describe("splitMarkdownBlocks", () => {
  it("splits paragraphs, headings and tables at blank lines", () => {
    const text = "# Title\n\nFirst paragraph\nstill first.\n\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast.";
    expect(splitMarkdownBlocks(text)).toEqual([
      "# Title",
      "First paragraph\nstill first.",
      "| a | b |\n|---|---|\n| 1 | 2 |",
      "Last.",
    ]);
    expectSameRendering(text);
  });

  it("keeps a fenced code block with blank lines inside whole", () => {
    const text = "Code:\n\n```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAfter.";
    expect(splitMarkdownBlocks(text)).toEqual([
      "Code:",
      "```ts\nconst a = 1;\n\n\nconst b = 2;\n```",
      "After.",
    ]);
    expectSameRendering(text);
  });

  it("closes a fence only with the same character, at least as long", () => {
    const text = [
      "~~~md",
      "```js",
      "",
      "inner",
      "```",
      "",
      "still in the tilde fence",
      "~~~",
      "",
      "````",
      "```",
      "",
      "x",
      "````",
      "",
      "end",
    ].join("\n");
    expect(splitMarkdownBlocks(text)).toEqual([
      "~~~md\n```js\n\ninner\n```\n\nstill in the tilde fence\n~~~",
      "````\n```\n\nx\n````",
      "end",
    ]);
    expectSameRendering(text);
  });

  it("treats ```a``` as inline code, not a fence", () => {
    const text = "```a``` inline\n\nnext";
    expect(splitMarkdownBlocks(text)).toEqual(["```a``` inline", "next"]);
    expectSameRendering(text);
  });

  it("leaves an unterminated fence (still streaming) in the last block", () => {
    const text = "Intro\n\n```python\ndef f():\n\n    return 1\n";
    expect(splitMarkdownBlocks(text)).toEqual(["Intro", "```python\ndef f():\n\n    return 1\n"]);
    // As more arrives, the finished block before it keeps its exact text.
    expect(splitMarkdownBlocks(`${text}\n\nprint(f())`)[0]).toBe("Intro");
    expectSameRendering(text);
  });

  it("keeps a loose list and its items' indented paragraphs and fences in one block", () => {
    const text = [
      "Steps:",
      "",
      "1. First",
      "",
      "   More about the first.",
      "",
      "2. Second",
      "   ```sh",
      "   npm test",
      "",
      "   npm run build",
      "   ```",
      "",
      "- other list",
      "",
      "Done.",
    ].join("\n");
    expect(splitMarkdownBlocks(text)).toEqual([
      "Steps:",
      [
        "1. First",
        "",
        "   More about the first.",
        "",
        "2. Second",
        "   ```sh",
        "   npm test",
        "",
        "   npm run build",
        "   ```",
        "",
        "- other list",
      ].join("\n"),
      "Done.",
    ]);
    expectSameRendering(text);
  });

  it("keeps a fence opened on a list item's line until its indented close", () => {
    const text = "- ```js\n  a();\n\n  b();\n  ```\n\nafter";
    expect(splitMarkdownBlocks(text)).toEqual(["- ```js\n  a();\n\n  b();\n  ```", "after"]);
    expectSameRendering(text);
  });

  it("keeps HTML blocks that run to their end tag whole (shown as text, never run)", () => {
    const text =
      "<script>\n\nwindow.__pwned = 1\n</script>\n\n<!-- a\n\nb -->\n\ntext <img src=x onerror=alert(1)>";
    expect(splitMarkdownBlocks(text)).toEqual([
      "<script>\n\nwindow.__pwned = 1\n</script>",
      "<!-- a\n\nb -->",
      "text <img src=x onerror=alert(1)>",
    ]);
    expectSameRendering(text);
  });

  it("keeps text with reference definitions or footnotes whole", () => {
    const text = "See [the docs][d] and a note[^1].\n\nMore.\n\n[d]: https://example.com\n[^1]: The note.";
    expect(splitMarkdownBlocks(text)).toEqual([text]);
  });

  it("ignores leading and trailing blank lines and CRLF blank lines", () => {
    expect(splitMarkdownBlocks("\n\nA\r\n\r\nB\n\n")).toEqual(["A\r", "B"]);
    expect(splitMarkdownBlocks("")).toEqual([]);
    expect(splitMarkdownBlocks(" \n\n")).toEqual([]);
  });
});
