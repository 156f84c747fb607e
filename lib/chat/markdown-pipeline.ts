/**
 * The unified plugins model output is rendered with: GitHub-flavoured markdown and code
 * highlighting for fenced blocks that name a (loaded) language. No rehype-raw: raw HTML in the text is
 * never interpreted. Shared by the chat's renderer and the tests that prove block-wise rendering
 * changes nothing.
 */
import type { LanguageFn } from "highlight.js";
import type { Options } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";

export const remarkPlugins: Options["remarkPlugins"] = [remarkGfm];

/** Highlighting with the languages loaded so far (./highlight-languages.ts); none by default. */
export function rehypePlugins(
  registered: { languages: Record<string, LanguageFn>; aliases: Record<string, string[]> } = {
    languages: {},
    aliases: {},
  },
): Options["rehypePlugins"] {
  return [[rehypeHighlight, { detect: false, ...registered }]];
}
