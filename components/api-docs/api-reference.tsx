import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { JsonSchema } from "@/lib/openapi/json-schema";
import { SchemaFields } from "./schema-fields";

/**
 * The API reference, rendered on the server from the OpenAPI document: no script at all, so it
 * sits inside the studio's nonce + strict-dynamic CSP by construction (docs/decisions/openapi.md
 * says why no client-side renderer). <details> folds the per-model bodies without JavaScript.
 * The chrome is in the page's language; the document's own text (titles, summaries, tags,
 * descriptions) stays as written (data-spec-text).
 */
type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  "x-role"?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string }>;
};
export type OpenApiDoc = {
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** The document's address: the same in every language. */
const DOCUMENT_PATH = "/api/openapi.json";

const METHOD_COLOR: Record<string, string> = {
  get: "bg-sky-500/15 text-sky-300",
  head: "bg-sky-500/15 text-sky-300",
  post: "bg-emerald-500/15 text-emerald-300",
  put: "bg-amber-500/15 text-amber-300",
  patch: "bg-amber-500/15 text-amber-300",
  delete: "bg-rose-500/15 text-rose-300",
};

function resolve(doc: OpenApiDoc, schema: JsonSchema): JsonSchema {
  return schema.$ref ? (doc.components.schemas[schema.$ref.split("/").pop()!] ?? schema) : schema;
}

function Body({ doc, schema }: { doc: OpenApiDoc; schema: JsonSchema }) {
  const t = useTranslations("apiDocs");
  const resolved = resolve(doc, schema);
  // oneOf: a union discriminated by `model`; anyOf: the v1 family variants (a mapped model's family picks).
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (!variants) return <SchemaFields schema={resolved} />;
  return (
    <div className="space-y-1">
      <p className="text-xs text-zinc-400">
        {t("oneOfBodies", { count: variants.length })}
        {resolved.oneOf
          ? t.rich("chosenBy", { code: (chunks) => <code translate="no">{chunks}</code> })
          : null}
        :
        {resolved.description && (
          <span className="ml-1 text-zinc-400" data-spec-text>
            {resolved.description}
          </span>
        )}
      </p>
      {variants.map((ref) => {
        const model = resolve(doc, ref);
        const id = String(model.properties?.model?.const ?? model.title);
        return (
          <details key={id} className="rounded border border-zinc-800 px-2 py-1">
            <summary className="cursor-pointer text-xs">
              <code className="text-zinc-200" translate="no">
                {id}
              </code>{" "}
              <span className="text-zinc-400" data-spec-text>
                {model.title}
              </span>
              {model["x-unavailable"] && <span className="ml-2 text-rose-400">{t("unavailable")}</span>}
            </summary>
            {model.description && (
              <p className="my-1 whitespace-pre-line text-xs text-zinc-400" data-spec-text>
                {model.description}
              </p>
            )}
            <SchemaFields schema={model} />
          </details>
        );
      })}
    </div>
  );
}

function OperationCard({
  doc,
  method,
  path,
  op,
}: {
  doc: OpenApiDoc;
  method: string;
  path: string;
  op: Operation;
}) {
  const t = useTranslations("apiDocs");
  const code = (chunks: ReactNode) => <code translate="no">{chunks}</code>;
  const access =
    op.security?.length === 0
      ? t("access.public")
      : op["x-role"] === "admin"
        ? t("access.admin")
        : t("access.signedIn");
  const bodies = Object.entries(op.requestBody?.content ?? {});
  return (
    <section id={op.operationId} className="space-y-2 rounded-lg border border-zinc-800 p-3">
      <h3 className="flex flex-wrap items-center gap-2 text-sm">
        <span
          translate="no"
          className={`rounded px-1.5 py-0.5 font-mono text-xs uppercase ${METHOD_COLOR[method] ?? ""}`}
        >
          {method}
        </span>
        <code className="text-zinc-100" translate="no">
          {path}
        </code>
        <span className="text-zinc-400" data-spec-text>
          {op.summary}
        </span>
        <span className="ml-auto text-xs text-zinc-400">{access}</span>
      </h3>
      {op.parameters?.length ? (
        <SchemaFields
          schema={{
            properties: Object.fromEntries(op.parameters.map((p) => [`${p.name} (${p.in})`, p.schema ?? {}])),
            required: op.parameters.filter((p) => p.required).map((p) => `${p.name} (${p.in})`),
          }}
        />
      ) : null}
      {bodies.map(([type, { schema }]) => (
        <div key={type} className="space-y-1">
          {bodies.length > 1 || type !== "application/json" ? (
            <p className="text-xs text-zinc-400">
              {t.rich("bodyAs", { type, code })}
              {type === "application/octet-stream" && t.rich("fileBytes", { code })}
            </p>
          ) : null}
          {type !== "application/octet-stream" && <Body doc={doc} schema={schema} />}
        </div>
      ))}
      <p className="text-xs text-zinc-400">
        {t("answers")}{" "}
        <span data-spec-text>
          {Object.entries(op.responses)
            .map(([status, r]) => `${status} ${r.description}`)
            .join(" · ")}
        </span>
      </p>
    </section>
  );
}

export function ApiReference({ doc }: { doc: OpenApiDoc }) {
  const t = useTranslations("apiDocs");
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold" data-spec-text>
          {doc.info.title}
        </h1>
        <p className="text-sm text-zinc-400" data-spec-text>
          {doc.info.description}
        </p>
        <p className="text-sm">
          <a className="text-sky-400 underline" href={DOCUMENT_PATH} translate="no">
            {DOCUMENT_PATH}
          </a>{" "}
          <span className="text-zinc-400">
            {t.rich("about", {
              version: "3.1",
              code: (chunks) => <code translate="no">{chunks}</code>,
              name: (chunks) => <span translate="no">{chunks}</span>,
            })}
          </span>
        </p>
        <nav aria-label={t("areas")} className="flex flex-wrap gap-2 text-xs">
          {[...byTag.keys()].map((tag) => (
            <a
              key={tag}
              href={`#tag-${tag}`}
              className="rounded border border-zinc-800 px-2 py-0.5 text-zinc-300"
              data-spec-text
            >
              {tag}
            </a>
          ))}
        </nav>
      </header>
      {[...byTag].map(([tag, ops]) => (
        <section key={tag} id={`tag-${tag}`} className="space-y-2">
          <h2 className="text-base font-semibold" data-spec-text>
            {tag}
          </h2>
          {ops.map(({ method, path, op }) => (
            <OperationCard key={`${method} ${path}`} doc={doc} method={method} path={path} op={op} />
          ))}
        </section>
      ))}
    </div>
  );
}
