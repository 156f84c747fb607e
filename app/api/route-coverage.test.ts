import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeAccess } from "@/lib/http/route";

/**
 * Every method of every API route is built with lib/http/route.ts, so none can skip resolving the
 * user. A new route file fails here until it is; a public one must be listed below on purpose.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

// The built-in sandbox is the upstream's test double: it checks the upstream's bearer key itself.
const NOT_STUDIO_ROUTES = new Set(["sandbox/[...path]/route.ts"]);

const PUBLIC = new Set([
  "GET health/route.ts",
  "POST auth/login/route.ts",
  "POST auth/logout/route.ts",
  "GET auth/session/route.ts",
  "POST auth/setup/route.ts",
]);

const apiDir = import.meta.dirname;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(apiDir, full)] : [];
  });
}

describe("API routes", () => {
  const files = routeFiles(apiDir).sort();

  it("are found (the walk itself works)", () => {
    expect(files).toContain("v2/model-center/tasks/route.ts");
    expect(files).toContain("llm/v1/models/[target]/route.ts");
    expect(files.length).toBeGreaterThan(25);
  });

  it.each(files.filter((f) => !NOT_STUDIO_ROUTES.has(f)))(
    "%s: every method goes through route()",
    async (file) => {
      const routeModule = (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<
        string,
        unknown
      >;
      const methods = METHODS.filter((m) => m in routeModule);
      expect(methods.length, `${file} exports no HTTP method`).toBeGreaterThan(0);
      for (const method of methods) {
        const access = routeAccess(routeModule[method]);
        expect(access, `${method} ${file} is not built with route() from lib/http/route.ts`).toBeDefined();
        const key = `${method} ${file}`;
        expect(access === "public", `${key}: public routes must be listed in PUBLIC, and only those`).toBe(
          PUBLIC.has(key),
        );
      }
    },
  );
});
