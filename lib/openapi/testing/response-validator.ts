import { Ajv2020 } from "ajv/dist/2020";
import { openApiDocument } from "../document";

/**
 * Checks a real answer against the document's schema for that operation and status, with ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1). Returns ajv's errors, [] when it conforms.
 */
const pointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

let ajv: Ajv2020 | undefined;

function errorsAt(ref: string, body: unknown): unknown[] {
  if (!ajv) {
    // strict off: the document carries OpenAPI keywords (discriminator, x-…) that are not JSON Schema's.
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(structuredClone(openApiDocument()) as object, "openapi");
  }
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return validate(body) ? [] : [...(validate.errors ?? [])];
}

export function responseErrors(method: string, path: string, status: number, body: unknown): unknown[] {
  return errorsAt(
    `openapi#/paths/${pointer(path)}/${method}/responses/${status}/content/${pointer("application/json")}/schema`,
    body,
  );
}

/** Against one named schema of the document (components/schemas), e.g. where an answer is a union. */
export function schemaErrors(name: string, body: unknown): unknown[] {
  return errorsAt(`openapi#/components/schemas/${pointer(name)}`, body);
}
