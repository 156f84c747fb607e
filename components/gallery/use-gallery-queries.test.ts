import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { GalleryItem, GalleryPage } from "@/lib/gallery/types";
import { dropCachedItems } from "./use-gallery-queries";

const item = (id: string) => ({ id }) as GalleryItem;
const page = (ids: string[], total: number | null): GalleryPage => ({
  items: ids.map(item),
  nextCursor: null,
  total,
});
const list = (client: QueryClient, key: string) =>
  client.getQueryData<InfiniteData<GalleryPage>>(["gallery", "list", key])!;

describe("dropCachedItems after a bulk delete", () => {
  it("subtracts every deleted item the list had loaded, on any page, and only those deleted", () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<GalleryPage>>(["gallery", "list", "q=cat"], {
      pages: [page(["a", "x"], 130), page(["b", "y"], null), page(["c"], null)],
      pageParams: [undefined, "p1", "p2"],
    });
    // Another filter's list that never loaded b: its count may be off, so it is marked stale.
    client.setQueryData<InfiniteData<GalleryPage>>(["gallery", "list", "favorite=1"], {
      pages: [page(["a"], 40)],
      pageParams: [undefined],
    });

    // The server deleted a, b and c; "gone" had been deleted elsewhere already.
    dropCachedItems(client, new Set(["a", "b", "c", "gone"]), new Set(["a", "b", "c"]));

    const current = list(client, "q=cat");
    expect(current.pages.map((p) => p.items.map((i) => i.id))).toEqual([["x"], ["y"], []]);
    expect(current.pages.map((p) => p.total)).toEqual([127, null, null]);
    expect(client.getQueryState(["gallery", "list", "q=cat"])?.isInvalidated).toBe(false);
    expect(list(client, "favorite=1").pages[0].total).toBe(39);
    expect(client.getQueryState(["gallery", "list", "favorite=1"])?.isInvalidated).toBe(true);
  });

  it("keeps an estimated total ('about 120,000') as it is: a few fewer is still about that many", () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<GalleryPage>>(["gallery", "list", ""], {
      pages: [{ ...page(["a", "x"], 120_000), totalIsEstimate: true }],
      pageParams: [undefined],
    });
    dropCachedItems(client, new Set(["a"]), new Set(["a"]));
    const current = list(client, "");
    expect(current.pages[0].items.map((i) => i.id)).toEqual(["x"]);
    expect(current.pages[0].total).toBe(120_000);
    expect(current.pages[0].totalIsEstimate).toBe(true);
  });
});
