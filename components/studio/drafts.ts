import type { FormValues } from "./form-values";

/**
 * Form drafts per model in localStorage, so a reload (or a crash) never loses what was typed.
 * Falls back to memory when storage is unavailable (private windows, quota).
 */
const PREFIX = "model-studio:draft:v1:";
const LAST_MODEL = "model-studio:last-model";
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Memory keeps it for this tab.
  }
}

export function loadDraft(modelId: string): FormValues | undefined {
  const text = read(PREFIX + modelId);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as FormValues) : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(modelId: string, values: FormValues): void {
  write(PREFIX + modelId, JSON.stringify(values));
}

export function loadLastModel(): string | null {
  return read(LAST_MODEL);
}

export function saveLastModel(modelId: string): void {
  write(LAST_MODEL, modelId);
}
