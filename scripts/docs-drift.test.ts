import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Docs that list what the code has: each list fails here when a new file or folder is not in it.
const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

describe("docs/decisions.md, the index of decisions", () => {
  const index = read("docs/decisions.md");
  const links = [...index.matchAll(/\]\((decisions\/[^)#\s]+\.md)(?:#[^)]*)?\)/g)].map((m) => m[1]);

  it("links every file in docs/decisions/", () => {
    const files = fs.readdirSync(path.join(root, "docs/decisions")).filter((f) => f.endsWith(".md"));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !links.includes(`decisions/${f}`))).toEqual([]);
  });

  it("links only files that exist", () => {
    expect(links.filter((link) => !fs.existsSync(path.join(root, "docs", link)))).toEqual([]);
  });
});

describe("the README's architecture section", () => {
  const readme = read("README.md");
  const start = readme.indexOf("\n## Architecture\n");
  const end = readme.indexOf("\n## ", start + 1);
  const section = start < 0 ? "" : readme.slice(start, end < 0 ? undefined : end);

  // An area is a folder of lib/ or a module file directly in it (its tests are not areas).
  const areas = fs
    .readdirSync(path.join(root, "lib"), { withFileTypes: true })
    .filter((e) => e.isDirectory() || (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name));

  it("names every lib/ area", () => {
    expect(section).not.toBe("");
    const named = (area: string) =>
      new RegExp(`(^|[\\s,(])${area.replace(/[.]/g, "\\.")}(?=[\\s,:)]|$)`, "m").test(section);
    expect(areas.filter((area) => !named(area))).toEqual([]);
  });
});
