import type { Db } from "../db-client";
import { searchWords } from "./prompt-search-sql";
import type { PromptSearch } from "./search";
import type { GalleryItem } from "./types";

/**
 * Why a search found an item, for its card: when a searched word is in the caption or a tag
 * (search by what is shown, issue 25), the card shows "Shown: <caption>" with those words marked.
 * Read for the page's items only, after the page query.
 */
export async function withShownMatches(
  db: Db,
  items: GalleryItem[],
  search: PromptSearch | null,
): Promise<GalleryItem[]> {
  if (!search || !items.length || (!search.include.length && !search.contains.length)) return items;
  const rows = await db.taskDescription.findMany({
    where: { taskId: { in: items.map((i) => i.id) }, status: "done" },
    select: { taskId: true, caption: true, tags: true },
  });
  if (!rows.length) return items;
  const queryWords = search.include.flatMap((t) => searchWords(t.text));
  const byTask = new Map(
    rows.flatMap((row) => {
      const tags = parseTags(row.tags);
      const shownWords = searchWords(`${row.caption} ${tags.join(" ")}`);
      const highlight = queryWords.filter((q) => shownWords.some((w) => w.startsWith(q)));
      const substrings = search.contains.filter((text) => row.caption.includes(text));
      if (!highlight.length && !substrings.length) return [];
      return [
        [row.taskId, { caption: row.caption, tags, highlight: [...highlight, ...substrings] }] as [
          string,
          NonNullable<GalleryItem["shown"]>,
        ],
      ];
    }),
  );
  return items.map((item) => {
    const shown = byTask.get(item.id);
    return shown ? { ...item, shown } : item;
  });
}

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
