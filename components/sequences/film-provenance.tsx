import Link from "next/link";
import type { EditShot } from "@/lib/sequences/assembly";

/** A film's provenance in the gallery's detail view: its sequence, and each shot's take and trims. */
export function FilmProvenance({ request }: { request: Record<string, unknown> }) {
  const shots = (Array.isArray(request.shots) ? request.shots : []) as EditShot[];
  const output = (request.output ?? {}) as { crossfadeSeconds?: number };
  return (
    <div className="space-y-2 text-sm" data-testid="film-provenance">
      <p>
        From the sequence{" "}
        <Link
          className="text-sky-300 underline"
          href={`/sequences/${encodeURIComponent(String(request.sequenceId))}`}
        >
          {String(request.name ?? request.sequenceId)}
        </Link>
        {output.crossfadeSeconds ? ` · crossfade ${output.crossfadeSeconds} s` : ""}
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
            {shot.trimIn}–{shot.trimOut ?? "end"} s{shot.muted ? " · muted" : ""}
            <span className="block truncate text-zinc-400">{shot.prompt}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
