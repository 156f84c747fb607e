"use client";

import { memo, useState, type ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";

/**
 * Model output as markdown. Raw HTML in the text is never interpreted (no rehype-raw: a <script>
 * or <img onerror> shows as text), and react-markdown's URL filter drops javascript: links.
 */
// react-markdown hands each renderer its hast `node`; it must not reach the DOM as an attribute.
function domProps<T extends { node?: unknown }>(props: T): Omit<T, "node"> {
  const rest = { ...props };
  delete rest.node;
  return rest;
}

const components: Components = {
  a: (props) => (
    <a
      {...domProps(props)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-sky-400 underline underline-offset-2 hover:text-sky-300"
    />
  ),
  pre: (props) => <CodeBlock {...domProps(props)} />,
  table: (props) => (
    <div className="my-3 overflow-x-auto">
      <table {...domProps(props)} className="w-full border-collapse text-sm" />
    </div>
  ),
  img: ({ alt, src }) => (
    // Model output may name any URL: show it as a link instead of loading it.
    <a
      href={typeof src === "string" ? src : undefined}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-sky-400 underline"
    >
      {alt || "image"}
    </a>
  ),
};

function CodeBlock(props: ComponentProps<"pre">) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="group relative my-3">
      <pre
        {...props}
        className="overflow-x-auto rounded-lg border border-zinc-800 bg-zinc-950 p-3 text-[13px] leading-relaxed"
      />
      <button
        type="button"
        className="absolute top-2 right-2 rounded border border-zinc-700 bg-zinc-900 px-2 py-0.5 text-xs text-zinc-300 opacity-0 transition-opacity group-hover:opacity-100 focus:opacity-100"
        onClick={(event) => {
          const code = event.currentTarget.parentElement?.querySelector("pre")?.innerText ?? "";
          void navigator.clipboard?.writeText(code).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeHighlight, { detect: false }]]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
