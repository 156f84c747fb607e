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

const modelEntry = z.object(
  {
    id: z
      .string({ error: "must be the model id sent as `model`" })
      .trim()
      .min(1, { error: "must not be empty" })
      .max(200, { error: "must be at most 200 characters" }),
    variant: z.string({ error: "must name one of the family's variants" }).trim(),
    name: z.string().trim().min(1).max(200).optional(),
  },
  { error: "must be an object with id and variant" },
);

const familyEntry = z.object(
  {
    family: z.enum(FAMILY_KEYS, { error: `must be one of ${FAMILY_KEYS.join(", ")}` }),
    path: z
      .string({ error: "must be the family's path segment, as in /v1/{path}/videos" })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
        error:
          "must be one path segment of letters, digits, '.', '_' or '-' (the {family} in /v1/{family}/videos)",
      }),
    label: z.string().trim().min(1).max(100).optional(),
    models: z.array(modelEntry, { error: "must be a list of models" }).min(1, { error: "must list a model" }),
  },
  { error: "must be an object with family, path and models" },
);

const mappingFile = z.object(
  { families: z.array(familyEntry, { error: "must be a list of families" }) },
  { error: 'must be a JSON object with a "families" list' },
);

/**
 * The mapped models of a mapping file's text; throws an Error naming the file, the entry and the
 * rule for anything wrong (an unknown variant, a duplicate id or path, an id of the task API).
 */
export function parseV1Mapping(text: string, source: string): V1ModelMapping[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = mappingFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(file)"}: ${i.message}`);
    throw new Error(`${source}: invalid v1 family mapping\n${lines.join("\n")}`);
  }
  return checkMappings(parsed.data.families, source);
}

function checkMappings(families: z.infer<typeof familyEntry>[], source: string): V1ModelMapping[] {
  const problems: string[] = [];
  const out: V1ModelMapping[] = [];
  const paths = new Set<string>();
  const ids = new Set<string>();
  families.forEach((entry, f) => {
    const family = V1_FAMILIES[entry.family];
    if (paths.has(entry.path)) problems.push(`families.${f}.path: "${entry.path}" is mapped twice`);
    if (entry.path === "models")
      problems.push(
        `families.${f}.path: "models" is the native text API's path (/v1/models/…), not a video family`,
      );
    paths.add(entry.path);
    entry.models.forEach((model, m) => {
      const where = `families.${f}.models.${m}`;
      if (!family.variants[model.variant])
        problems.push(
          `${where}.variant: "${model.variant}" is not a variant of family ${entry.family}; ` +
            `use one of ${Object.keys(family.variants).join(", ")}`,
        );
      if (ids.has(model.id)) problems.push(`${where}.id: "${model.id}" is mapped twice`);
      if (MODEL_DEFS.some((d) => d.id === model.id))
        problems.push(`${where}.id: "${model.id}" is a model of the task API (v2); v1 ids must differ`);
      ids.add(model.id);
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
  if (problems.length)
    throw new Error(`${source}: invalid v1 family mapping\n${problems.map((p) => `  ${p}`).join("\n")}`);
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
