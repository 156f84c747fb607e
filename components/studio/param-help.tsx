import { paramConstraints, type ParamDef } from "@/lib/catalog";

/** A param's help text and its bounds/default, both worded by the catalog. */
export function ParamHelp({ param }: { param: ParamDef }) {
  const constraints = paramConstraints(param);
  return (
    <>
      {param.help}
      {constraints && (
        <span className="text-zinc-400">
          {param.help ? " · " : ""}
          {constraints}
        </span>
      )}
    </>
  );
}
