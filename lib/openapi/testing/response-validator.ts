import { Ajv2020 } from "ajv/dist/2020";
import { openApiDocument } from "../document";

/**
 * Checks a real answer against the document's schema for that operation and status, with ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1). Returns ajv's errors, [] when it conforms.
 */
const pointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

let ajv: Ajv2020 | undefined;

export function responseErrors(method: string, path: string, status: number, body: unknown): unknown[] {
  if (!ajv) {
    // strict off: the document carries OpenAPI keywords (discriminator, x-…) that are not JSON Schema's.
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(structuredClone(openApiDocument()) as object, "openapi");
  }
  const ref = `openapi#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer("application/json")}/schema`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return validate(body) ? [] : [...(validate.errors ?? [])];
}
