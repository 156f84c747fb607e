/**
 * Code highlighting languages, loaded when an answer first shows a fenced block in one of them
 * (issue 13: the chat's first load carries none). The set is highlight.js's common one (what
 * rehype-highlight registers by default), each its own chunk; a block in another language shows
 * as plain monospace text, as before.
 */
import type { LanguageFn } from "highlight.js";

type Loader = () => Promise<{ default: LanguageFn }>;

const LOADERS: Record<string, Loader> = {
  arduino: () => import("highlight.js/lib/languages/arduino"),
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  go: () => import("highlight.js/lib/languages/go"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  less: () => import("highlight.js/lib/languages/less"),
  lua: () => import("highlight.js/lib/languages/lua"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  objectivec: () => import("highlight.js/lib/languages/objectivec"),
  perl: () => import("highlight.js/lib/languages/perl"),
  php: () => import("highlight.js/lib/languages/php"),
  plaintext: () => import("highlight.js/lib/languages/plaintext"),
  python: () => import("highlight.js/lib/languages/python"),
  r: () => import("highlight.js/lib/languages/r"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  vbnet: () => import("highlight.js/lib/languages/vbnet"),
  wasm: () => import("highlight.js/lib/languages/wasm"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

/** The names a fence may use for them (the languages' own aliases, known before loading). */
const ALIASES: Record<string, string> = {
  sh: "bash",
  zsh: "bash",
  "c++": "cpp",
  cc: "cpp",
  hpp: "cpp",
  h: "c",
  cs: "csharp",
  golang: "go",
  gql: "graphql",
  toml: "ini",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  kt: "kotlin",
  mk: "makefile",
  make: "makefile",
  md: "markdown",
  objc: "objectivec",
  pl: "perl",
  text: "plaintext",
  txt: "plaintext",
  py: "python",
  rb: "ruby",
  rs: "rust",
  console: "shell",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  vb: "vbnet",
  html: "xml",
  xhtml: "xml",
  svg: "xml",
  yml: "yaml",
};

/** Loaded so far, by canonical name: what rehype-highlight is given. */
const loaded: Record<string, LanguageFn> = {};
const loading = new Map<string, Promise<void>>();

const canonical = (name: string) => {
  const lower = name.toLowerCase();
  return ALIASES[lower] ?? lower;
};

/** The languages named by the text's fenced code blocks that could be loaded and are not yet. */
export function missingLanguages(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/^ {0,3}(?:`{3,}|~{3,})\s*([\w+#.-]+)/gm)) {
    const name = canonical(match[1]);
    if (LOADERS[name] && !loaded[name]) names.add(name);
  }
  return [...names];
}

/** Loads these languages (each once, whoever asks); resolves when all have come or failed. */
export async function loadLanguages(names: string[]): Promise<void> {
  await Promise.all(
    names.map((name) => {
      let pending = loading.get(name);
      if (!pending) {
        pending = LOADERS[name]()
          .then((module) => {
            loaded[name] = module.default;
          })
          .catch(() => undefined); // offline or a failed chunk: the block stays plain
        loading.set(name, pending);
      }
      return pending;
    }),
  );
}

/** What rehype-highlight registers now: the loaded languages, under their names and aliases. */
export function loadedLanguages(): {
  languages: Record<string, LanguageFn>;
  aliases: Record<string, string[]>;
} {
  const aliases: Record<string, string[]> = {};
  for (const [alias, name] of Object.entries(ALIASES)) {
    if (loaded[name]) (aliases[name] ??= []).push(alias);
  }
  return { languages: { ...loaded }, aliases };
}
