import { route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The OpenAPI 3.1 document of every /api route. Public: it holds no secret (docs/decisions/openapi.md). */
export const GET = route({ auth: "public" }, async () =>
  Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
);
