import { z } from "zod";
import { MODEL_DEFS } from "../models/index";
import type { V1FamilyKey } from "../types";
import { V1_FAMILIES, type V1ModelMapping } from "./families";

/**
 * The operator's v1 mapping file (V1_FAMILIES_FILE): which real family path names and model ids
 * follow which family of the spec's table. Example and field meanings: docs/v1-families.md.
 *
 *   { "families": [ { "family": "A", "path": "<path segment>", "label": "…",
 *                     "models": [ { "id": "<model id>", "variant": "stable", "name": "…" } ] } ] }
 */
const FAMILY_KEYS = Object.keys(V1_FAMILIES) as [V1FamilyKey, ...V1FamilyKey[]];

// Each field has its own schema and is checked on its own, so one wrong field (an unknown family)
// does not hide the next (a wrong variant elsewhere): the docs promise each problem is named.
const modelFields = {
  id: z
    .string({ error: "must be the model id sent as `model`" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(200, { error: "must be at most 200 characters" }),
  variant: z.string({ error: "must name one of the family's variants" }).trim(),
  name: z.string().trim().min(1).max(200).optional(),
};

const familyFields = {
  family: z.enum(FAMILY_KEYS, { error: `must be one of ${FAMILY_KEYS.join(", ")}` }),
  path: z
    .string({ error: "must be the family's path segment, as in /v1/{path}/videos" })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
      error:
        "must be one path segment of letters, digits, '.', '_' or '-' (the {family} in /v1/{family}/videos)",
    }),
  label: z.string().trim().min(1).max(100).optional(),
  models: z.array(z.unknown(), { error: "must be a list of models" }).min(1, { error: "must list a model" }),
};

const anObject = (error: string) => z.record(z.string(), z.unknown(), { error });

const mappingFile = z.object(
  { families: z.array(z.unknown(), { error: "must be a list of families" }) },
  { error: 'must be a JSON object with a "families" list' },
);

/** Parses each field of `raw` with its schema; a failing field is named in `problems` and left out. */
function fields<S extends Record<string, z.ZodType>>(
  schemas: S,
  raw: unknown,
  where: string,
  problems: string[],
  objectError: string,
): Partial<{ [K in keyof S]: z.output<S[K]> }> | null {
  const object = anObject(objectError).safeParse(raw);
  if (!object.success) {
    problems.push(`${where}: ${objectError}`);
    return null;
  }
  const out: Partial<{ [K in keyof S]: z.output<S[K]> }> = {};
  for (const key of Object.keys(schemas) as (keyof S & string)[]) {
    const parsed = schemas[key].safeParse(object.data[key]);
    if (parsed.success) out[key] = parsed.data as z.output<S[typeof key]>;
    else
      for (const i of parsed.error.issues)
        problems.push(`${[where, key, ...i.path].join(".")}: ${i.message}`);
  }
  return out;
}

/**
 * The mapped models of a mapping file's text; throws an Error naming the file and, for every
 * problem in it, the entry and the rule (an unknown family or variant, a duplicate id or path, an
 * id of the task API).
 */
export function parseV1Mapping(text: string, source: string): V1ModelMapping[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const problems: string[] = [];
  const file = mappingFile.safeParse(json);
  if (!file.success)
    problems.push(...file.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`));
  const out = file.success ? checkMappings(file.data.families, problems) : [];
  if (problems.length)
    throw new Error(`${source}: invalid v1 family mapping\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return out;
}

function checkMappings(families: unknown[], problems: string[]): V1ModelMapping[] {
  const out: V1ModelMapping[] = [];
  const paths = new Set<string>();
  const ids = new Set<string>();
  families.forEach((raw, f) => {
    const entry = fields(
      familyFields,
      raw,
      `families.${f}`,
      problems,
      "must be an object with family, path and models",
    );
    if (!entry) return;
    if (entry.path !== undefined) {
      if (paths.has(entry.path)) problems.push(`families.${f}.path: "${entry.path}" is mapped twice`);
      if (entry.path === "models")
        problems.push(
          `families.${f}.path: "models" is the native text API's path (/v1/models/…), not a video family`,
        );
      paths.add(entry.path);
    }
    (entry.models ?? []).forEach((rawModel, m) => {
      const where = `families.${f}.models.${m}`;
      const model = fields(modelFields, rawModel, where, problems, "must be an object with id and variant");
      if (!model) return;
      const family = entry.family && V1_FAMILIES[entry.family];
      if (family && model.variant !== undefined && !family.variants[model.variant])
        problems.push(
          `${where}.variant: "${model.variant}" is not a variant of family ${entry.family}; ` +
            `use one of ${Object.keys(family.variants).join(", ")}`,
        );
      if (model.id !== undefined) {
        if (ids.has(model.id)) problems.push(`${where}.id: "${model.id}" is mapped twice`);
        if (MODEL_DEFS.some((d) => d.id === model.id))
          problems.push(`${where}.id: "${model.id}" is a model of the task API (v2); v1 ids must differ`);
        ids.add(model.id);
      }
      if (!entry.family || entry.path === undefined || model.id === undefined || model.variant === undefined)
        return;
      out.push({
        family: entry.family,
        path: entry.path,
        variant: model.variant,
        id: model.id,
        ...(model.name ? { name: model.name } : {}),
        ...(entry.label ? { familyLabel: entry.label } : {}),
      });
    });
  });
  return out;
}

/**
 * With the built-in sandbox and no mapping file: one made-up path per family, every variant, so
 * the v1 flow can be tried (and is tested) end to end. A real upstream gets only what the operator maps.
 */
export const SANDBOX_V1_MAPPING: readonly V1ModelMapping[] = FAMILY_KEYS.flatMap((family) =>
  Object.keys(V1_FAMILIES[family].variants).map((variant) => ({
    family,
    path: `family-${family.toLowerCase()}`,
    variant,
    id: `family-${family.toLowerCase()}-${variant}`,
    familyLabel: `Sandbox family ${family}`,
  })),
);
