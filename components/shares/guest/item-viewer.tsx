"use client";

import type { SharePage, SharedItem } from "@/lib/shares/page-data";

/**
 * One shared item full size: the video with native controls (the file route answers ranges, so it
 * seeks) or the image at its size; downloads only when the link allows them; the recipe only when
 * the link shows prompts.
 */
export function ItemViewer({
  page,
  item,
  onClose,
  onPrev,
  onNext,
}: {
  token: string;
  page: SharePage;
  item: SharedItem;
  onClose: () => void;
  onPrev: (() => void) | null;
  onNext: (() => void) | null;
  onChanged: () => void;
}) {
  const media = item.media[0];
  return (
    <section className="space-y-3" data-testid="share-viewer">
      <nav className="flex items-center gap-2 text-sm">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 py-1 text-zinc-300 hover:bg-zinc-800"
        >
          ← All items
        </button>
        <button
          type="button"
          onClick={onPrev ?? undefined}
          disabled={!onPrev}
          className="rounded-md px-2 py-1 text-zinc-300 hover:bg-zinc-800 disabled:text-zinc-600"
        >
          Previous
        </button>
        <button
          type="button"
          onClick={onNext ?? undefined}
          disabled={!onNext}
          className="rounded-md px-2 py-1 text-zinc-300 hover:bg-zinc-800 disabled:text-zinc-600"
        >
          Next
        </button>
        {page.allowDownload &&
          item.media.map((m) =>
            m.downloadUrl ? (
              <a
                key={m.id}
                href={m.downloadUrl}
                className="ml-auto text-sky-400 hover:underline"
                data-testid="share-download"
              >
                Download{m.role === "result" ? "" : ` (${m.role.replace(/_/g, " ")})`}
              </a>
            ) : null,
          )}
      </nav>
      {!media ? (
        <p className="text-sm text-zinc-500">This item has no stored file yet.</p>
      ) : item.kind === "video" ? (
        <video
          key={media.id}
          src={media.url}
          poster={media.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          data-testid="share-video"
          className="max-h-[75vh] w-full rounded-lg bg-black object-contain"
        />
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- the full-size file, as shared
        <img
          key={media.id}
          src={media.url}
          alt=""
          data-testid="share-image"
          className="max-w-full rounded-lg"
        />
      )}
      {item.recipe && (
        <details
          className="rounded-lg border border-zinc-800 bg-zinc-900 p-3 text-sm"
          data-testid="share-recipe"
        >
          <summary className="cursor-pointer text-zinc-300">
            Prompt and parameters ({item.recipe.model})
          </summary>
          <p className="mt-2 whitespace-pre-wrap text-zinc-200">{item.recipe.prompt}</p>
          {item.recipe.params && (
            <pre className="mt-2 overflow-x-auto text-xs text-zinc-400">
              {JSON.stringify(item.recipe.params, null, 2)}
            </pre>
          )}
        </details>
      )}
    </section>
  );
}
