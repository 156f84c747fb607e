import type { Metadata } from "next";
import { ApiReference, type OpenApiDoc } from "@/components/api-docs/api-reference";
import { openApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "API reference · Model Studio" };

/** The reference of /api/openapi.json, inside the studio's chrome (who reads it uses the studio). */
export default function ApiReferencePage() {
  return <ApiReference doc={openApiDocument() as unknown as OpenApiDoc} />;
}
