import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference, type OpenApiDoc } from "@/components/api-docs/api-reference";
import { openApiDocument } from "@/lib/openapi/document";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiDocs"))("pageTitle") };
}

/** The reference of /api/openapi.json, inside the studio's chrome (who reads it uses the studio). */
export default function ApiReferencePage() {
  return <ApiReference doc={openApiDocument() as unknown as OpenApiDoc} />;
}
