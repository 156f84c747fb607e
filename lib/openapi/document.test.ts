import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { routeAccess } from "@/lib/http/route";
import { openApiDocument } from "./document";
import { OPERATIONS } from "./operations";

/**
 * The document covers every /api route (no more, no fewer, with the access each route is built
 * with) and validates as OpenAPI 3.1 — so a new route, or a method added to one, fails here until
 * lib/openapi/operations.ts lists it.
 */
const apiDir = path.join(import.meta.dirname, "../../app/api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
// The built-in sandbox upstream is the upstream's test double, not the studio's API.
const NOT_STUDIO = new Set(["sandbox/[...path]/route.ts"]);

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(apiDir, full)] : [];
  });
}

/** Next's `[id]` segments are OpenAPI's `{id}`. */
const toOpenApiPath = (file: string) =>
  `/api/${path.dirname(file)}`.replace(/\[\.\.\.(\w+)\]/g, "{$1}").replace(/\[(\w+)\]/g, "{$1}");

describe("the OpenAPI document", () => {
  const document = openApiDocument();

  it("lists exactly the methods the route files export, with their access", async () => {
    const fromFiles: string[] = [];
    const accessOf = new Map<string, string | undefined>();
    for (const file of routeFiles(apiDir).filter((f) => !NOT_STUDIO.has(f))) {
      const mod = (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<string, unknown>;
      for (const method of METHODS.filter((m) => m in mod)) {
        const key = `${method.toLowerCase()} ${toOpenApiPath(file)}`;
        fromFiles.push(key);
        accessOf.set(key, routeAccess(mod[method]));
      }
    }
    const inDocument = Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
      Object.keys(item as object).map((method) => `${method} ${p}`),
    );
    expect(fromFiles.length).toBeGreaterThan(90);
    expect(inDocument.sort()).toEqual(fromFiles.sort());
    const wrongAccess = OPERATIONS.filter((op) => op.access !== accessOf.get(`${op.method} ${op.path}`));
    expect(wrongAccess.map((op) => `${op.method} ${op.path} ${op.access}`)).toEqual([]);
  }, 120_000);

  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("publishes each model's rules in the task body union, discriminated by model", () => {
    const schemas = document.components?.schemas as Record<string, Record<string, unknown>>;
    const union = schemas.TaskBody as { oneOf: unknown[]; discriminator?: { propertyName: string } };
    expect(union.oneOf.length).toBeGreaterThan(10);
    expect(union.discriminator?.propertyName).toBe("model");
    const text = JSON.stringify(schemas);
    expect(text).toContain('"maxItems"');
    expect(text).toContain('"x-media-limits"');
    expect(text).toMatch(/"enum":\["[^"]+"/);
  });
});
