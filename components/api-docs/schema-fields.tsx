import type { JsonSchema } from "@/lib/openapi/json-schema";

export function ruleOf(field: JsonSchema): string {
  const parts: string[] = [];
  if (field.enum) parts.push(`one of ${field.enum.map(String).join(", ")}`);
  else if (field.anyOf) parts.push(`one of ${field.anyOf.map((s) => String(s.const ?? s.type)).join(", ")}`);
  else if (field.const !== undefined) parts.push(`always ${String(field.const)}`);
  if (field.minimum !== undefined || field.maximum !== undefined)
    parts.push(`${field.minimum ?? "…"} to ${field.maximum ?? "…"}`);
  if (field.minLength !== undefined) parts.push(`at least ${field.minLength} characters`);
  if (field.maxLength !== undefined) parts.push(`up to ${field.maxLength} characters`);
  if (field.minItems !== undefined || field.maxItems !== undefined)
    parts.push(`${field.minItems ?? 0} to ${field.maxItems ?? "any"} items`);
  if (field.pattern) parts.push(`matches ${field.pattern}`);
  if (field["x-formats"]) parts.push(field["x-formats"].join(", "));
  if (field["x-media-limits"]) parts.push(`limits ${JSON.stringify(field["x-media-limits"])}`);
  if (field.default !== undefined) parts.push(`default ${JSON.stringify(field.default)}`);
  return parts.join(" · ");
}

const typeOf = (field: JsonSchema) =>
  field.format === "binary"
    ? "file"
    : field.type
      ? [field.type].flat().join(" | ")
      : field.anyOf
        ? "number"
        : field.$ref
          ? field.$ref.split("/").pop()
          : "any";

/** A JSON Schema object's fields as a table: name, type and rule, required marked. Server-rendered. */
export function SchemaFields({ schema }: { schema: JsonSchema }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (!entries.length) return <p className="text-xs text-zinc-400">An object (see the summary).</p>;
  return (
    <table className="w-full text-left text-xs">
      <thead className="text-zinc-400">
        <tr>
          <th className="py-1 pr-3 font-medium">Field</th>
          <th className="py-1 pr-3 font-medium">Type</th>
          <th className="py-1 font-medium">Rule</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, field]) => (
          <tr key={name} className="border-t border-zinc-800 align-top">
            <td className="py-1 pr-3 font-mono text-zinc-200">
              {name}
              {required.has(name) && <span className="ml-1 text-amber-400">required</span>}
            </td>
            <td className="py-1 pr-3 font-mono text-zinc-400">{typeOf(field)}</td>
            <td className="py-1 text-zinc-400">
              {ruleOf(field)}
              {field.description && <div className="text-zinc-400">{field.description}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
