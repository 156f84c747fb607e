import Link from "next/link";
import { useTranslations } from "next-intl";
import type { EditShot } from "@/lib/sequences/assembly";

/** A film's provenance in the gallery's detail view: its sequence, and each shot's take and trims. */
export function FilmProvenance({ request }: { request: Record<string, unknown> }) {
  const t = useTranslations("sequences");
  const shots = (Array.isArray(request.shots) ? request.shots : []) as EditShot[];
  const output = (request.output ?? {}) as { crossfadeSeconds?: number };
  return (
    <div className="space-y-2 text-sm" data-testid="film-provenance">
      <p>
        {t.rich("fromSequence", {
          name: String(request.name ?? request.sequenceId),
          link: (chunks) => (
            <Link
              className="text-sky-300 underline"
              href={`/sequences/${encodeURIComponent(String(request.sequenceId))}`}
              data-user-text
            >
              {chunks}
            </Link>
          ),
        })}
        {output.crossfadeSeconds ? ` · ${t("crossfadeOf", { seconds: output.crossfadeSeconds })}` : ""}
      </p>
      <ol className="list-decimal space-y-1 pl-5">
        {shots.map((shot) => (
          <li key={shot.shotId}>
            <Link
              className="font-mono text-[13px] text-sky-300 underline"
              href={`/gallery?item=${encodeURIComponent(shot.taskId)}`}
            >
              {shot.taskId}
            </Link>{" "}
            {shot.trimOut === null || shot.trimOut === undefined
              ? t("trimToEnd", { from: shot.trimIn })
              : t("trimRange", { from: shot.trimIn, to: shot.trimOut })}
            {shot.muted ? ` · ${t("muted")}` : ""}
            <span className="block truncate text-zinc-400" data-user-text>
              {shot.prompt}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
