/**
 * Writes lib/openapi/generated/api-types.ts, the TypeScript types (openapi-typescript) from the
 * document the studio serves. `npm run openapi:types`; lib/openapi/generated.test.ts fails when the
 * committed files differ from what this would write.
 */
import fs from "node:fs";
import path from "node:path";
import { generatedFiles } from "../lib/openapi/generate-types";

const outDir = path.join(import.meta.dirname, "../lib/openapi/generated");
fs.mkdirSync(outDir, { recursive: true });
for (const [name, text] of Object.entries(await generatedFiles())) {
  fs.writeFileSync(path.join(outDir, name), text);
  console.log(`wrote lib/openapi/generated/${name}`);
}
