/**
 * The part of a JSON Schema object (as lib/openapi/document.ts publishes it, with our `x-` keys) that
 * the API reference page and the CLI read. A type only: safe in the browser and in scripts.
 */
export type JsonSchema = {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  "x-kind"?: string;
  "x-formats"?: string[];
  "x-media-limits"?: Record<string, unknown>;
  "x-unavailable"?: string;
};
