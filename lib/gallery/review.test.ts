import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { listGalleryItems } from "./list";
import { applyBulkReview, bulkActionSchema, reviewPatchSchema, updateReview } from "./review";
import { galleryFacets, listTags } from "./tags";
import { seedTasks } from "./testing/seed-tasks";

let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  temp = createTempDb();
  await seedTasks(temp.db, [
    { id: "a", prompt: "alpha", tags: ["sunset"] },
    { id: "b", prompt: "beta", tags: ["sunset", "beach"], model: "sd_2.0_special" },
    { id: "c", prompt: "gamma", kind: "image" },
  ]);
});
afterAll(() => temp.cleanup());

describe("review patch", () => {
  it("persists favorite, rating, tags and notes, and returns the new state", async () => {
    const state = await updateReview(temp.db, LOCAL_USER, "c", {
      favorite: true,
      rating: 4,
      tags: ["  Sunset ", "Keeper", "keeper"],
      notes: "Use for the intro",
    });
    expect(state).toEqual({
      id: "c",
      favorite: true,
      rating: 4,
      tags: ["keeper", "sunset"],
      notes: "Use for the intro",
    });
    const [item] = (await listGalleryItems(temp.db, LOCAL_USER, { tag: "keeper" })).items;
    expect(item).toMatchObject({ id: "c", favorite: true, rating: 4, tags: ["keeper", "sunset"] });
  });

  it("clears a rating with null and replaces the tag set", async () => {
    const state = await updateReview(temp.db, LOCAL_USER, "c", { rating: null, tags: ["keeper"] });
    expect(state).toMatchObject({
      rating: null,
      tags: ["keeper"],
      notes: "Use for the intro",
      favorite: true,
    });
  });

  it("fails with not_found for an unknown item", async () => {
    await expect(updateReview(temp.db, LOCAL_USER, "nope", { favorite: true })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("names the field and the rule for invalid values", () => {
    const messages = (body: unknown) =>
      reviewPatchSchema.safeParse(body).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ rating: 6 })).toEqual(["rating: must be a whole number from 1 to 5, or null"]);
    expect(messages({ tags: ["ok", " "] })).toEqual(["tags.1: must not be empty"]);
    expect(messages({ tags: ["a,b"] })).toEqual(["tags.0: must not contain a comma"]);
    expect(messages({ favorite: "yes" })).toEqual(["favorite: must be true or false"]);
    expect(messages({})).toEqual([": send at least one of favorite, rating, tags, notes"]);
    expect(messages({ stars: 3 })?.[0]).toMatch(/stars/);
  });
});

describe("bulk review", () => {
  it("favorites and unfavorites many items, ignoring unknown ids", async () => {
    expect(
      await applyBulkReview(temp.db, LOCAL_USER, { action: "favorite", ids: ["a", "b", "zzz"] }),
    ).toEqual({
      changed: 2,
    });
    expect(
      (await listGalleryItems(temp.db, LOCAL_USER, { favorite: true })).items.map((i) => i.id).sort(),
    ).toEqual(["a", "b", "c"]);
    await applyBulkReview(temp.db, LOCAL_USER, { action: "unfavorite", ids: ["a", "b", "c"] });
    expect((await listGalleryItems(temp.db, LOCAL_USER, { favorite: true })).items).toHaveLength(0);
  });

  it("adds and removes a tag across items, counting only real changes", async () => {
    expect(
      await applyBulkReview(temp.db, LOCAL_USER, {
        action: "addTag",
        ids: ["a", "b", "c", "zzz"],
        tag: "Beach",
      }),
    ).toEqual({
      changed: 2,
    });
    expect(
      (await listGalleryItems(temp.db, LOCAL_USER, { tag: "beach" })).items.map((i) => i.id).sort(),
    ).toEqual(["a", "b", "c"]);
    expect(
      await applyBulkReview(temp.db, LOCAL_USER, { action: "removeTag", ids: ["a", "b"], tag: "beach" }),
    ).toEqual({
      changed: 2,
    });
    expect((await listGalleryItems(temp.db, LOCAL_USER, { tag: "beach" })).items.map((i) => i.id)).toEqual([
      "c",
    ]);
  });

  it("validates the action and its fields", () => {
    expect(bulkActionSchema.safeParse({ action: "explode", ids: ["a"] }).success).toBe(false);
    const noTag = bulkActionSchema.safeParse({ action: "addTag", ids: ["a"] });
    expect(noTag.error?.issues[0].path).toEqual(["tag"]);
    const noIds = bulkActionSchema.safeParse({ action: "favorite", ids: [] });
    expect(noIds.error?.issues[0]).toMatchObject({ path: ["ids"], message: "must name at least one item" });
  });
});

describe("tag suggestions and facets", () => {
  it("suggests tags by prefix first, then by use", async () => {
    await updateReview(temp.db, LOCAL_USER, "a", { tags: ["sunset", "sunrise", "the sun"] });
    await updateReview(temp.db, LOCAL_USER, "b", { tags: ["sunset"] });
    const names = (await listTags(temp.db, LOCAL_USER, "sun")).map((t) => `${t.name}:${t.count}`);
    expect(names).toEqual(["sunset:2", "sunrise:1", "the sun:1"]);
  });

  it("drops tags no item carries any more", async () => {
    await updateReview(temp.db, LOCAL_USER, "a", { tags: [] });
    expect((await listTags(temp.db, LOCAL_USER, "sunr")).length).toBe(0);
    expect(await temp.db.tag.count({ where: { name: "sunrise" } })).toBe(0);
  });

  it("lists models and tags present in the gallery", async () => {
    const facets = await galleryFacets(temp.db, LOCAL_USER);
    expect(facets.models).toEqual([
      { id: "sd_2.0_special", count: 1 },
      { id: "sd_2.5_ORelay", count: 1 },
      { id: "vendors_5.0Pro", count: 1 },
    ]);
    expect(facets.tags.map((t) => t.name).sort()).toEqual(["beach", "keeper", "sunset"]);
  });
});
