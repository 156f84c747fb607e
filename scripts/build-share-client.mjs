// Builds the share page's client (issue 21: a guest's first load ≤ 120 KiB of JS gzip) after
// `next build`: components/shares/guest/standalone-entry.tsx bundled by esbuild with React aliased
// to preact/compat, and the studio's Tailwind CSS (app/globals.css), into
// <dist>/static/share/<hash>.{js,css} — served by Next.js as /_next/static/share/… with immutable
// caching — plus <dist>/share-client.json naming them for app/s/[token]/route.ts.
// Usage: node scripts/build-share-client.mjs   (honours NEXT_DIST_DIR, default .next)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import { build } from "esbuild";
import postcss from "postcss";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
const outDir = path.join(dist, "static/share");
const preactCompat = path.join(root, "node_modules/preact/compat");

/**
 * zod's `z` namespace carries every locale's messages (~40 KiB gzip); webpack drops what is unused,
 * esbuild cannot drop members of a re-exported namespace. The default (English) locale is imported
 * by zod on its own, so the bundle replaces only the `z.locales` collection with an empty module.
 */
const zodWithoutLocales = {
  name: "zod-without-locales",
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: "zod-locales", namespace: "empty" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

const result = await build({
  entryPoints: [path.join(root, "components/shares/guest/standalone-entry.tsx")],
  bundle: true,
  write: false,
  format: "iife",
  minify: true,
  target: "es2020",
  jsx: "automatic",
  jsxImportSource: "react",
  tsconfig: path.join(root, "tsconfig.json"),
  alias: {
    react: preactCompat,
    "react-dom": preactCompat,
    "react/jsx-runtime": path.join(root, "node_modules/preact/jsx-runtime"),
    "react-dom/client": path.join(root, "node_modules/preact/compat/client"),
  },
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  plugins: [zodWithoutLocales],
  logLevel: "warning",
});
const js = result.outputFiles[0].contents;

const cssSource = path.join(root, "app/globals.css");
const css = await postcss([tailwind({ base: root })]).process(fs.readFileSync(cssSource, "utf8"), {
  from: cssSource,
});

const hash = (bytes) => crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 16);
// No clean-up first: `next build` empties <dist>, and the names are content hashes (two studios
// starting at once may both run this; they write the same bytes).
fs.mkdirSync(outDir, { recursive: true });
const files = { js: `${hash(js)}.js`, css: `${hash(css.css)}.css` };
fs.writeFileSync(path.join(outDir, files.js), js);
fs.writeFileSync(path.join(outDir, files.css), css.css);
const manifest = { js: `/_next/static/share/${files.js}`, css: `/_next/static/share/${files.css}` };
const manifestFile = path.join(dist, "share-client.json");
fs.writeFileSync(`${manifestFile}.${process.pid}`, JSON.stringify(manifest, null, 2) + "\n");
fs.renameSync(`${manifestFile}.${process.pid}`, manifestFile);
console.log(`share client: ${manifest.js} (${js.length} B), ${manifest.css}`);
