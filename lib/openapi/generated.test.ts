import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedFiles } from "./generate-types";

/** The committed document and types are what `npm run openapi:types` writes now: they cannot drift. */
describe("lib/openapi/generated", () => {
  it("matches the document (run `npm run openapi:types` after changing a route or a model)", async () => {
    for (const [name, text] of Object.entries(await generatedFiles())) {
      const file = path.join(import.meta.dirname, "generated", name);
      expect(fs.existsSync(file), `${name} is missing`).toBe(true);
      expect(fs.readFileSync(file, "utf8") === text, `${name} is stale: run npm run openapi:types`).toBe(
        true,
      );
    }
  }, 60_000);
});
