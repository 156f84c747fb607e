/**
 * The shape of the model catalog: one declarative definition per model drives server validation,
 * the generated form in the browser and the sandbox upstream.
 */
export type ModelKind = "video" | "image";
export type MediaKind = "image" | "video" | "audio";
export type UnavailableReason = "brand_model_missing" | "brand_model_disabled";

type ParamBase = {
  /** Request field name, e.g. "reference_images". */
  name: string;
  label: string;
  help?: string;
  required: boolean;
};

export type ParamDef =
  | (ParamBase & {
      type: "string";
      default?: string;
      minLength?: number;
      maxLength?: number;
      multiline?: boolean;
    })
  | (ParamBase & { type: "enum"; values: readonly string[]; default?: string })
  | (ParamBase & { type: "integer"; min?: number; max?: number; default?: number })
  | (ParamBase & { type: "boolean"; default?: boolean })
  | (ParamBase & {
      type: "media";
      media: MediaKind;
      minItems: number;
      maxItems: number;
      /** Accepted file formats as the spec lists them (help text and sandbox checks). */
      formats?: readonly string[];
    })
  /** Structured values (tools, image_roles, advanced pass-through): edited as JSON. */
  | (ParamBase & { type: "json"; default?: unknown; example?: unknown });

export type ModelDef = {
  /** The Model ID sent as `model`. */
  id: string;
  /** Display name. */
  name: string;
  /** Group label as in the spec's published-models table (or "Reference pages"). */
  group: string;
  kind: ModelKind;
  /** Visible-but-unavailable models carry the spec's reason and cannot be submitted. */
  unavailableReason?: UnavailableReason;
  /** Asset-library model: media items may be assetId://… references. */
  assetLibrary: boolean;
  /** False for published ids without a parameter page: prompt + advanced JSON pass-through. */
  documented: boolean;
  params: readonly ParamDef[];
  /** Human-readable rules shown above the form (scenario exclusivity, mode rule, limits). */
  notes?: readonly string[];
};

export type ModelGroup = { label: string; kind: ModelKind; models: readonly ModelDef[] };

/** Published model *names* (not ids): listed for reference, never submittable. */
export type ModelNameEntry = { name: string; group: string };

export type TextModelVariant = "standard" | "official" | "low";
export type TextModel = { id: string; family: string; variant: TextModelVariant };
