import type { JsonSchema } from "../../lib/openapi/json-schema";
import type { Client } from "./client";
import { CliError, EXIT } from "./client";

/**
 * The catalog as the OpenAPI document publishes it (one TaskBody_* schema per model, the same
 * rules the studio validates with), so the CLI needs no endpoint of its own to list models.
 */
type Doc = { components: { schemas: Record<string, JsonSchema> } };

export type ModelSchema = { id: string; schema: JsonSchema };

export async function loadModels(client: Client): Promise<ModelSchema[]> {
  const doc = await client.json<Doc>("/api/openapi.json");
  return Object.entries(doc.components.schemas)
    .filter(([key]) => key.startsWith("TaskBody_"))
    .map(([, schema]) => ({ id: String(schema.properties?.model?.const), schema }));
}

export async function findModel(client: Client, id: string): Promise<ModelSchema> {
  const models = await loadModels(client);
  const found = models.find((m) => m.id === id);
  if (!found) {
    const near = models
      .filter((m) => m.id.toLowerCase().includes(id.toLowerCase().slice(0, 4)))
      .map((m) => m.id);
    throw new CliError(
      `model: "${id}" is not a model of this studio${near.length ? ` (did you mean ${near.slice(0, 3).join(", ")}?)` : ""}; run \`models\``,
      EXIT.usage,
    );
  }
  return found;
}

export function modelLines(models: ModelSchema[]): string[] {
  return models.map(
    (m) =>
      `${m.id}\t${m.schema["x-kind"] ?? ""}\t${m.schema.title ?? ""}${m.schema["x-unavailable"] ? `\t(unavailable: ${m.schema["x-unavailable"]})` : ""}`,
  );
}

function rule(field: JsonSchema): string {
  const f = field.anyOf?.find((s) => s.type !== "null") ?? field;
  const parts: string[] = [];
  if (f.enum) parts.push(`one of ${f.enum.join(", ")}`);
  else if (f.anyOf) parts.push(`one of ${f.anyOf.map((s) => s.const).join(", ")}`);
  else if (f.type) parts.push(String(f.type));
  if (f.minimum !== undefined || f.maximum !== undefined) parts.push(`${f.minimum ?? ""}–${f.maximum ?? ""}`);
  if (f.minItems !== undefined || f.maxItems !== undefined)
    parts.push(`${f.minItems ?? 0}–${f.maxItems ?? "∞"} items`);
  if (f.maxLength !== undefined) parts.push(`up to ${f.maxLength} characters`);
  if (f["x-formats"]) parts.push(f["x-formats"].join("/"));
  if (field.default !== undefined) parts.push(`default ${JSON.stringify(field.default)}`);
  return parts.join(" · ");
}

export function describeLines({ id, schema }: ModelSchema): string[] {
  const required = new Set(schema.required ?? []);
  const lines = [`${id} — ${schema.title ?? ""} (${schema["x-kind"] ?? "?"})`];
  if (schema.description) lines.push("", schema.description, "");
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (name === "model") continue;
    lines.push(`  ${name}${required.has(name) ? " (required)" : ""}: ${rule(field)}`);
  }
  return lines;
}

/** `--param k=v`: JSON when it parses (numbers, booleans, arrays), else text; one URL for a list field becomes a list. */
export function parseParams(pairs: string[], schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at < 1) throw new CliError(`--param ${pair}: must be key=value`, EXIT.usage);
    const key = pair.slice(0, at);
    const text = pair.slice(at + 1);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = text;
    }
    if (schema.properties?.[key]?.type === "array" && !Array.isArray(value))
      value = [...(Array.isArray(out[key]) ? (out[key] as unknown[]) : []), value];
    out[key] = value;
  }
  return out;
}
