import { useTranslations } from "next-intl";
import { Fragment } from "react";
import type { JsonSchema } from "@/lib/openapi/json-schema";

/** One part of a field's rule: a message of apiDocs.rules and its values (shown as the spec wrote them). */
type RulePart = { key: RuleKey; values?: Record<string, string | number> };
type RuleKey =
  | "oneOf"
  | "always"
  | "range"
  | "minLength"
  | "maxLength"
  | "items"
  | "matches"
  | "formats"
  | "limits"
  | "default";

export function ruleOf(field: JsonSchema, anyItems: string): RulePart[] {
  const parts: RulePart[] = [];
  if (field.enum) parts.push({ key: "oneOf", values: { values: field.enum.map(String).join(", ") } });
  else if (field.anyOf)
    parts.push({
      key: "oneOf",
      values: { values: field.anyOf.map((s) => String(s.const ?? s.type)).join(", ") },
    });
  else if (field.const !== undefined) parts.push({ key: "always", values: { value: String(field.const) } });
  if (field.minimum !== undefined || field.maximum !== undefined)
    parts.push({ key: "range", values: { min: field.minimum ?? "…", max: field.maximum ?? "…" } });
  if (field.minLength !== undefined) parts.push({ key: "minLength", values: { count: field.minLength } });
  if (field.maxLength !== undefined) parts.push({ key: "maxLength", values: { count: field.maxLength } });
  if (field.minItems !== undefined || field.maxItems !== undefined)
    parts.push({ key: "items", values: { min: field.minItems ?? 0, max: field.maxItems ?? anyItems } });
  if (field.pattern) parts.push({ key: "matches", values: { pattern: field.pattern } });
  if (field["x-formats"]) parts.push({ key: "formats", values: { formats: field["x-formats"].join(", ") } });
  if (field["x-media-limits"])
    parts.push({ key: "limits", values: { limits: JSON.stringify(field["x-media-limits"]) } });
  if (field.default !== undefined)
    parts.push({ key: "default", values: { value: JSON.stringify(field.default) } });
  return parts;
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

/** A field's rule in the page's language; the values (enums, bounds, patterns) as the spec wrote them. */
function Rule({ field }: { field: JsonSchema }) {
  const t = useTranslations("apiDocs.rules");
  const parts = ruleOf(field, t("anyItems"));
  return parts.map((part, index) => (
    <Fragment key={part.key}>
      {index > 0 && " · "}
      {t.rich(part.key, {
        ...part.values,
        v: (chunks) => <span translate="no">{chunks}</span>,
      })}
    </Fragment>
  ));
}

/** A JSON Schema object's fields as a table: name, type and rule, required marked. Server-rendered. */
export function SchemaFields({ schema }: { schema: JsonSchema }) {
  const t = useTranslations("apiDocs");
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (!entries.length) return <p className="text-xs text-zinc-400">{t("anObject")}</p>;
  return (
    <table className="w-full text-left text-xs">
      <thead className="text-zinc-400">
        <tr>
          <th className="py-1 pr-3 font-medium">{t("field")}</th>
          <th className="py-1 pr-3 font-medium">{t("type")}</th>
          <th className="py-1 font-medium">{t("rule")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, field]) => (
          <tr key={name} className="border-t border-zinc-800 align-top">
            <td className="py-1 pr-3 font-mono text-zinc-200" translate="no">
              {name}
              {required.has(name) && <span className="ml-1 text-amber-400">{t("required")}</span>}
            </td>
            <td className="py-1 pr-3 font-mono text-zinc-400" translate="no">
              {typeOf(field)}
            </td>
            <td className="py-1 text-zinc-400">
              <Rule field={field} />
              {field.description && (
                <div className="text-zinc-400" data-spec-text>
                  {field.description}
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
