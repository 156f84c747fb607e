// CONTRACT STUB — the catalog owner replaces this file; keep these exported names and signatures.
import type { z } from "zod";
import type { ModelDef, ModelGroup, ModelNameEntry, TextModel } from "./types";
export type * from "./types";

/** Every model grouped as in the spec (published groups first, then reference pages). */
export declare function listModelGroups(): readonly ModelGroup[];
export declare function getModel(id: string): ModelDef | undefined;
export declare function listModelNames(): readonly ModelNameEntry[];
/** A published model *name* (e.g. "O3 Video Generation"), which cannot be submitted. */
export declare function findModelByName(name: string): ModelNameEntry | undefined;

/**
 * zod schema of a model's request body without `model` (aliases accepted, all spec rules as
 * refinements). Used by the server, by react-hook-form (zodResolver) and by the sandbox.
 */
export declare function requestSchema(model: ModelDef): z.ZodType<Record<string, unknown>>;

/**
 * Validates a full task body ({ model, ...params }) and returns it normalized for the upstream
 * (aliases -> reference_images; defaults the user left out stay out). Throws StudioError:
 * unknown_model (400; names are not ids), model_unavailable (403, details.reason),
 * invalid_request (400, issues[]).
 */
export declare function validateTaskRequest(body: unknown): {
  model: ModelDef;
  body: Record<string, unknown>;
};

/** Warnings to show before submit, e.g. the prompt will be truncated upstream at 5000/2500 chars. */
export declare function promptNotices(model: ModelDef, prompt: string): string[];

export declare const TEXT_MODELS: readonly TextModel[];
export declare function isTextModel(id: string): boolean;
