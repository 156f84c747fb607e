import { get, type FieldErrors } from "react-hook-form";
import type { ModelDef } from "@/lib/catalog";

type ErrorNode = { message?: unknown; root?: { message?: unknown }; [key: string]: unknown };

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** DOM id of a param's control ("video_edit.basic" -> "param-video_edit-basic"). */
export function paramId(name: string): string {
  return `param-${name.replace(/\./g, "-")}`;
}

/** The message on a field itself (not on its items), e.g. "at most 9 items (got 10)". */
export function fieldMessage(errors: FieldErrors, name: string): string | undefined {
  const error = get(errors, name) as ErrorNode | undefined;
  return error ? (text(error.message) ?? text(error.root?.message)) : undefined;
}

/** Messages on the items of an array field, by index. */
export function itemMessages(errors: FieldErrors, name: string, count: number): (string | undefined)[] {
  return Array.from({ length: count }, (_, index) => {
    const error = get(errors, `${name}.${index}`) as ErrorNode | undefined;
    return text(error?.message);
  });
}

/**
 * Every message inside a structured (JSON) field, each prefixed with where it is inside the value:
 * "[1].role: must be first_frame or last_frame".
 */
export function nestedMessages(errors: FieldErrors, name: string): string[] {
  const out: string[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    const own = text((node as ErrorNode).message);
    if (own) out.push(where ? `${where}: ${own}` : own);
    for (const [key, child] of Object.entries(node)) {
      if (key === "message" || key === "type" || key === "ref" || key === "types") continue;
      if (key === "root") walk(child, where);
      else walk(child, /^\d+$/.test(key) ? `${where}[${key}]` : where ? `${where}.${key}` : key);
    }
  };
  walk(get(errors, name), "");
  return out;
}

/** Errors that belong to no control of the model (a rule about the whole body, `model`, …). */
export function formLevelMessages(model: ModelDef, errors: FieldErrors): string[] {
  const roots = new Set(model.params.map((p) => p.name.split(".")[0]));
  const messages: string[] = [];
  for (const [key, error] of Object.entries(errors)) {
    if (roots.has(key) || !error) continue;
    const message = text((error as ErrorNode).message);
    if (message) messages.push(key === "root" ? message : `${key}: ${message}`);
  }
  return messages;
}
