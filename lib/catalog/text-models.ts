import type { TextModel, TextModelVariant } from "./types";

/** The spec's text model table: standard id per family, and which variants exist. */
const FAMILIES: readonly { family: string; official: boolean; low: boolean }[] = [
  { family: "llm-2.5-flash-lite", official: false, low: false },
  { family: "llm-2.5-pro", official: true, low: true },
  { family: "llm-3-flash-preview", official: true, low: true },
  { family: "llm-3.1-flash-lite-preview", official: false, low: false },
  { family: "llm-3.1-pro-preview", official: true, low: true },
];

const TEXT_VARIANT_LABEL: Record<TextModelVariant, string> = {
  standard: "Standard",
  official: "Official",
  low: "Low-cost",
};

export const TEXT_MODELS: readonly TextModel[] = FAMILIES.flatMap(({ family, official, low }) => [
  { id: family, family, variant: "standard" as const },
  ...(official ? [{ id: `${family}-official`, family, variant: "official" as const }] : []),
  ...(low ? [{ id: `${family}-low`, family, variant: "low" as const }] : []),
]);

const TEXT_IDS = new Set(TEXT_MODELS.map((m) => m.id));

export function isTextModel(id: string): boolean {
  return TEXT_IDS.has(id);
}

export function getTextModel(id: string): TextModel | undefined {
  return TEXT_MODELS.find((m) => m.id === id);
}

export type TextModelFamily = {
  family: string;
  variants: readonly (TextModel & { label: string })[];
};

/** Families in spec order, each with its variants (standard, official, low-cost) for a grouped selector. */
export function textModelFamilies(): readonly TextModelFamily[] {
  return FAMILIES.map(({ family }) => ({
    family,
    variants: TEXT_MODELS.filter((m) => m.family === family).map((m) => ({
      ...m,
      label: TEXT_VARIANT_LABEL[m.variant],
    })),
  }));
}
