import type { JsonSchema } from "@/lib/openapi/json-schema";
import { SchemaFields } from "./schema-fields";

/**
 * The API reference, rendered on the server from the OpenAPI document: no script at all, so it
 * sits inside the studio's nonce + strict-dynamic CSP by construction (docs/decisions/openapi.md
 * says why no client-side renderer). <details> folds the per-model bodies without JavaScript.
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
  const resolved = resolve(doc, schema);
  // oneOf: a union discriminated by `model`; anyOf: the v1 family variants (a mapped model's family picks).
  const variants = resolved.oneOf ?? resolved.anyOf;
  if (!variants) return <SchemaFields schema={resolved} />;
  return (
    <div className="space-y-1">
      <p className="text-xs text-zinc-400">
        One of {variants.length} bodies
        {resolved.oneOf ? (
          <>
            , chosen by <code>model</code>
          </>
        ) : null}
        :{resolved.description && <span className="ml-1 text-zinc-400">{resolved.description}</span>}
      </p>
      {variants.map((ref) => {
        const model = resolve(doc, ref);
        const id = String(model.properties?.model?.const ?? model.title);
        return (
          <details key={id} className="rounded border border-zinc-800 px-2 py-1">
            <summary className="cursor-pointer text-xs">
              <code className="text-zinc-200">{id}</code> <span className="text-zinc-400">{model.title}</span>
              {model["x-unavailable"] && <span className="ml-2 text-rose-400">unavailable</span>}
            </summary>
            {model.description && (
              <p className="my-1 whitespace-pre-line text-xs text-zinc-400">{model.description}</p>
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
  const access =
    op.security?.length === 0 ? "public" : op["x-role"] === "admin" ? "admin" : "signed in or API token";
  const bodies = Object.entries(op.requestBody?.content ?? {});
  return (
    <section id={op.operationId} className="space-y-2 rounded-lg border border-zinc-800 p-3">
      <h3 className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded px-1.5 py-0.5 font-mono text-xs uppercase ${METHOD_COLOR[method] ?? ""}`}>
          {method}
        </span>
        <code className="text-zinc-100">{path}</code>
        <span className="text-zinc-400">{op.summary}</span>
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
              Body as <code>{type}</code>
              {type === "application/octet-stream" && <>: the file&apos;s bytes, its name in X-File-Name</>}
            </p>
          ) : null}
          {type !== "application/octet-stream" && <Body doc={doc} schema={schema} />}
        </div>
      ))}
      <p className="text-xs text-zinc-400">
        Answers:{" "}
        {Object.entries(op.responses)
          .map(([status, r]) => `${status} ${r.description}`)
          .join(" · ")}
      </p>
    </section>
  );
}

export function ApiReference({ doc }: { doc: OpenApiDoc }) {
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
        <h1 className="text-xl font-semibold">{doc.info.title}</h1>
        <p className="text-sm text-zinc-400">{doc.info.description}</p>
        <p className="text-sm">
          <a className="text-sky-400 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>{" "}
          <span className="text-zinc-400">
            (OpenAPI {"3.1"}) · the CLI: <code>npm run cli -- --help</code>
          </span>
        </p>
        <nav aria-label="API areas" className="flex flex-wrap gap-2 text-xs">
          {[...byTag.keys()].map((tag) => (
            <a
              key={tag}
              href={`#tag-${tag}`}
              className="rounded border border-zinc-800 px-2 py-0.5 text-zinc-300"
            >
              {tag}
            </a>
          ))}
        </nav>
      </header>
      {[...byTag].map(([tag, ops]) => (
        <section key={tag} id={`tag-${tag}`} className="space-y-2">
          <h2 className="text-base font-semibold">{tag}</h2>
          {ops.map(({ method, path, op }) => (
            <OperationCard key={`${method} ${path}`} doc={doc} method={method} path={path} op={op} />
          ))}
        </section>
      ))}
    </div>
  );
}
