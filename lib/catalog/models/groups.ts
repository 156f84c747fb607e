import type { ModelDef, ModelKind, ModelNameEntry } from "../types";
import { advanced, prompt } from "./params";

/** Group labels exactly as the spec's "Published models" table, then the reference-page ids. */
export const GROUP = {
  imageA: "image group A",
  discount25: "video, official discount 2.5",
  special25: "video, special price 2.5",
  special20: "video, special price 2.0",
  discount20: "video, official discount 2.0",
  vendorm: "video group vendorm",
  videos: "video group videos",
  threeModel: "video group three-model",
  vendorw: "video group vendorw",
  single: "video group single",
  reference: "More models (reference pages)",
} as const;

export const GROUP_ORDER: readonly { label: string; kind: ModelKind }[] = [
  { label: GROUP.imageA, kind: "image" },
  { label: GROUP.discount25, kind: "video" },
  { label: GROUP.special25, kind: "video" },
  { label: GROUP.special20, kind: "video" },
  { label: GROUP.discount20, kind: "video" },
  { label: GROUP.vendorm, kind: "video" },
  { label: GROUP.videos, kind: "video" },
  { label: GROUP.threeModel, kind: "video" },
  { label: GROUP.vendorw, kind: "video" },
  { label: GROUP.single, kind: "video" },
  { label: GROUP.reference, kind: "video" },
];

/** The spec publishes these as *names*; the request field `model` takes ids, so they never resolve. */
export const MODEL_NAMES: readonly ModelNameEntry[] = [
  { name: "1.1 v2 Image To Video", group: GROUP.threeModel },
  { name: "1.1 v2 Reference Raw Video", group: GROUP.threeModel },
  { name: "1.1 v2 Text To Video", group: GROUP.threeModel },
  { name: "O3 Video Generation", group: GROUP.single },
];

/** A published id without a parameter page: prompt plus a JSON object passed through as-is. */
export function undocumented(id: string, group: string, kind: ModelKind = "video"): ModelDef {
  return {
    id,
    name: id,
    description: "Published id without a parameter page: parameters are undocumented.",
    group,
    kind,
    assetLibrary: false,
    documented: false,
    params: [prompt(), advanced()],
    notes: [
      "This model has no parameter page: only the prompt is known. Put any other field in " +
        "Advanced parameters (JSON); its keys are sent as-is in the request body.",
    ],
  };
}
