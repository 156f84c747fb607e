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

/** Every model grouped as in the spec (published groups first, then reference pages). */
export function listModelGroups(): readonly ModelGroup[] {
  return GROUPS;
}

export function listModels(): readonly ModelDef[] {
  return MODEL_DEFS;
}

export function getModel(id: string): ModelDef | undefined {
  return BY_ID.get(id);
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
  return MODEL_DEFS.map((m) => ({ id: m.id, d: distance(key, m.id.toLowerCase()) }))
    .filter(({ id, d }) => d <= Math.max(2, Math.floor(id.length / 4)))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ id }) => id);
}
