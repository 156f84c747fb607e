import clsx from "clsx";
import type { CommentShape } from "@/lib/comments/schema";

/** One shape over the frame, placed in percentages so it follows any display size. */
export function ShapeMark({
  shape,
  selected,
  draft,
}: {
  shape: CommentShape;
  selected?: boolean;
  draft?: boolean;
}) {
  const color = draft ? "border-amber-300" : selected ? "border-sky-400" : "border-white/70";
  if (shape.kind === "point") {
    return (
      <span
        data-testid="review-shape"
        data-kind="point"
        data-selected={selected ? "true" : "false"}
        data-draft={draft ? "true" : "false"}
        className={clsx(
          "absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 bg-black/30",
          color,
        )}
        style={{ left: `${shape.x * 100}%`, top: `${shape.y * 100}%` }}
      />
    );
  }
  return (
    <span
      data-testid="review-shape"
      data-kind="rect"
      data-selected={selected ? "true" : "false"}
      data-draft={draft ? "true" : "false"}
      className={clsx("absolute rounded-sm border-2 shadow-[0_0_0_1px_rgba(0,0,0,0.5)]", color)}
      style={{
        left: `${shape.x * 100}%`,
        top: `${shape.y * 100}%`,
        width: `${shape.w * 100}%`,
        height: `${shape.h * 100}%`,
      }}
    />
  );
}
