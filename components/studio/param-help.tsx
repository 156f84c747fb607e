import { paramConstraints, type ParamDef } from "@/lib/catalog";

/**
 * A param's help text and its bounds/default, both worded by the catalog from the spec (which stays
 * as written: data-spec-text tells e2e/i18n.spec.ts's language check so).
 */
export function ParamHelp({ param }: { param: ParamDef }) {
  const constraints = paramConstraints(param);
  return (
    <span data-spec-text>
      {param.help}
      {constraints && (
        <span className="text-zinc-400">
          {param.help ? " · " : ""}
          {constraints}
        </span>
      )}
    </span>
  );
}
