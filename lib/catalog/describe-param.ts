import { boundsText, countText } from "./fields";
import type { ParamDef } from "./types";

const MEDIA_NOUN = { image: "image", video: "video", audio: "audio file" } as const;

/** The constraint part of a field's help line: "4–15 · default 5", "0–9 images · jpeg, png". */
export function paramConstraints(param: ParamDef): string {
  const parts: string[] = [];
  switch (param.type) {
    case "integer": {
      const { min, max } = param;
      if (param.oneOf)
        parts.push(
          param.oneOf.length === 1 ? `always ${param.oneOf[0]}` : `one of ${param.oneOf.join(", ")}`,
        );
      else if (min !== undefined && min === max) parts.push(`always ${min}`);
      else if (min !== undefined && max !== undefined) parts.push(`${min}–${max}`);
      else if (min !== undefined || max !== undefined) parts.push(boundsText(min, max));
      break;
    }
    case "string":
      if (param.pattern) parts.push(param.pattern.rule);
      if (param.maxLength) parts.push(`up to ${param.maxLength} characters`);
      break;
    case "enum":
      if (param.values.length === 1) parts.push(`only ${param.values[0]}`);
      break;
    case "media": {
      const noun = MEDIA_NOUN[param.media];
      parts.push(
        countText(param.minItems, param.maxItems).replace(/items?$/, (m) =>
          m === "item" ? noun : `${noun}s`,
        ),
      );
      if (param.formats?.length) parts.push(param.formats.join(", "));
      break;
    }
  }
  if ("default" in param && param.default !== undefined && param.type !== "json")
    parts.push(`default ${String(param.default)}`);
  if (param.required) parts.push("required");
  return parts.join(" · ");
}

/** The help line under a form field: the spec's words plus bounds, formats and default. */
export function describeParam(param: ParamDef): string {
  const constraints = paramConstraints(param);
  return [param.help, constraints && `(${constraints})`].filter(Boolean).join(" ");
}
