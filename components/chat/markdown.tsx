"use client";

import { useTranslations } from "next-intl";
import { Fragment, memo, useEffect, useMemo, useState, type ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { splitMarkdownBlocks } from "@/lib/chat/markdown-blocks";
import { loadedLanguages, loadLanguages, missingLanguages } from "@/lib/chat/highlight-languages";
import { rehypePlugins, remarkPlugins } from "@/lib/chat/markdown-pipeline";

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
  img: ({ alt, src }) => <ImageLink alt={alt} src={typeof src === "string" ? src : undefined} />,
};

// Model output may name any URL: show it as a link instead of loading it.
function ImageLink({ alt, src }: { alt?: string; src?: string }) {
  const t = useTranslations("chat.message");
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-400 underline">
      {alt || t("image")}
    </a>
  );
}

function CodeBlock(props: ComponentProps<"pre">) {
  const t = useTranslations("chat.message");
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
        {copied ? t("copied") : t("copy")}
      </button>
    </div>
  );
}

/**
 * One top-level block: parsed and highlighted again only when its own text changes, or once the
 * highlighting languages its code fences name have loaded (lib/chat/highlight-languages.ts).
 */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  const [languagesLoaded, setLanguagesLoaded] = useState(0);
  useEffect(() => {
    const missing = missingLanguages(text);
    if (missing.length === 0) return;
    let live = true;
    void loadLanguages(missing).then(() => live && setLanguagesLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [text]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- languagesLoaded: the registry grew
  const plugins = useMemo(() => rehypePlugins(loadedLanguages()), [languagesLoaded]);
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={plugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});

/**
 * While an answer streams, its text grows every few dozen milliseconds. Rendered block by block
 * (lib/chat/markdown-blocks.ts splits only where the result looks the same), the finished blocks
 * keep their text and are skipped by memo: only the last, growing block is parsed again. Keys are
 * indexes: streaming appends blocks (the last one may merge back into the one before it, e.g. when
 * "2" becomes the list item "2."), so index i keeps naming the same block.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => (
        // The line break react-markdown puts between top-level elements of one document: the
        // text content (copy, find, assistive tech) stays what the whole text would give.
        <Fragment key={index}>
          {index > 0 && "\n"}
          <MarkdownBlock text={block} />
        </Fragment>
      ))}
    </div>
  );
});
