/**
 * The model catalog: one declarative definition per model (models/*.ts) drives server validation,
 * the generated studio form and the sandbox upstream. Import everything from here.
 */
export type * from "./types";

export {
  listModelGroups,
  listModels,
  listV1Models,
  installV1Models,
  getModel,
  listModelNames,
  findModelByName,
  suggestModelIds,
} from "./lookup";
// requestSchema and formSchema (zod) are imported from "@/lib/catalog/schema" directly: browser code
// imports this barrel and should not load zod with it (page weight, README).
export { normalizeRequest, type NormalizeResult } from "./normalize";
export { validateTaskRequest, resolveModel } from "./validate";
export { promptNotices, estimateTruncation, countChineseCharacters, countEnglishWords } from "./prompt-text";
export { requestNotices, type NoticeContext } from "./notices";
export {
  defaultFormValues,
  cleanFormValues,
  checkFormValues,
  formValuesFromRequest,
  type FormValues,
} from "./form";
export { describeParam, paramConstraints } from "./describe-param";
export { detectScenario, detectMode, MODE_LABEL, type Scenario, type GenerationMode } from "./modes";

export { REFERENCE_IMAGE_ALIASES } from "./aliases";
export {
  TEXT_MODELS,
  isTextModel,
  getTextModel,
  textModelFamilies,
  type TextModelFamily,
} from "./text-models";
