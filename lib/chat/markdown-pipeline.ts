/**
 * The unified plugins model output is rendered with: GitHub-flavoured markdown and code
 * highlighting for fenced blocks that name a language. No rehype-raw: raw HTML in the text is
 * never interpreted. Shared by the chat's renderer and the tests that prove block-wise rendering
 * changes nothing.
 */
import type { Options } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";

export const remarkPlugins: Options["remarkPlugins"] = [remarkGfm];
export const rehypePlugins: Options["rehypePlugins"] = [[rehypeHighlight, { detect: false }]];
