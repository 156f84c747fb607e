import { GROUP_ORDER, MODEL_NAMES } from "./models/groups";
import { MODEL_DEFS } from "./models/index";
import type { ModelDef, ModelGroup, ModelNameEntry } from "./types";

const BY_ID = new Map(MODEL_DEFS.map((m) => [m.id, m]));

const GROUPS: readonly ModelGroup[] = GROUP_ORDER.map(({ label, kind }) => {
  const names = MODEL_NAMES.filter((n) => n.group === label);
  return {
    label,
    kind,
    models: MODEL_DEFS.filter((m) => m.group === label),
    ...(names.length ? { names } : {}),
  };
});

type V1Catalog = { models: readonly ModelDef[]; byId: Map<string, ModelDef>; groups: readonly ModelGroup[] };
const EMPTY_V1: V1Catalog = { models: [], byId: new Map(), groups: [] };

// The v1 models come from the operator's mapping file at run time (lib/catalog/v1), not from this
// bundle: the server installs them when it reads its configuration, the studio page hands them to
// the browser. Kept on globalThis so every server bundle of the process sees one installation.
const holder = globalThis as typeof globalThis & { __studioV1Catalog?: V1Catalog };
const v1 = () => holder.__studioV1Catalog ?? EMPTY_V1;

/** Makes the mapped v1 models part of the catalog (idempotent; replaces an earlier installation). */
export function installV1Models(models: readonly ModelDef[]): void {
  if (holder.__studioV1Catalog?.models === models) return;
  const groups = new Map<string, ModelDef[]>();
  for (const model of models) groups.set(model.group, [...(groups.get(model.group) ?? []), model]);
  holder.__studioV1Catalog = {
    models,
    byId: new Map(models.map((m) => [m.id, m])),
    groups: [...groups].map(([label, list]) => ({ label, kind: "video" as const, models: list })),
  };
}

/** Whether anything installed v1 models yet (an installation of none counts). */
export function v1ModelsInstalled(): boolean {
  return holder.__studioV1Catalog !== undefined;
}

/** The installed v1 models (what the studio page passes to the browser). */
export function listV1Models(): readonly ModelDef[] {
  return v1().models;
}

/** Every model grouped as in the spec (published groups first, then reference pages, then v1 families). */
export function listModelGroups(): readonly ModelGroup[] {
  const extra = v1().groups;
  return extra.length ? [...GROUPS, ...extra] : GROUPS;
}

export function listModels(): readonly ModelDef[] {
  const extra = v1().models;
  return extra.length ? [...MODEL_DEFS, ...extra] : MODEL_DEFS;
}

export function getModel(id: string): ModelDef | undefined {
  return BY_ID.get(id) ?? v1().byId.get(id);
}

export function listModelNames(): readonly ModelNameEntry[] {
  return MODEL_NAMES;
}

const squash = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** A published model *name* (e.g. "O3 Video Generation"), which cannot be submitted. */
export function findModelByName(name: string): ModelNameEntry | undefined {
  const key = squash(name);
  return MODEL_NAMES.find((n) => squash(n.name) === key);
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Up to three model ids close to a mistyped one (case, punctuation or a few letters off). */
export function suggestModelIds(input: string): string[] {
  const key = input.trim().toLowerCase();
  if (!key) return [];
  return listModels()
    .map((m) => ({ id: m.id, d: distance(key, m.id.toLowerCase()) }))
    .filter(({ id, d }) => d <= Math.max(2, Math.floor(id.length / 4)))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ id }) => id);
}
