import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getGalleryItem } from "../gallery/detail";
import { listGalleryItems } from "../gallery/list";
import { seedTasks } from "../gallery/testing/seed-tasks";
import { createTempDb } from "../testing/temp-db";
import { presentTask } from "./present-task";
import { loadTask } from "./load-task";
import { PROMPT_PREVIEW_CHARS, promptPreview, summarizeTask } from "./prompt-preview";

let temp: ReturnType<typeof createTempDb>;
// 20,000 characters, ending in emoji so a cut in the wrong place would split a surrogate pair.
const long = "🐉".repeat(PROMPT_PREVIEW_CHARS + 10) + "x".repeat(20_000 - 2 * (PROMPT_PREVIEW_CHARS + 10));

beforeAll(async () => {
  temp = createTempDb();
  await seedTasks(temp.db, [
    { id: "long", prompt: long },
    { id: "short", prompt: "a short one" },
  ]);
});
afterAll(() => temp.cleanup());

describe("prompt previews in lists", () => {
  it("cuts by character, never inside one", () => {
    const { prompt, promptTruncated } = promptPreview(long);
    expect(promptTruncated).toBe(true);
    expect(Array.from(prompt)).toHaveLength(PROMPT_PREVIEW_CHARS);
    expect(prompt).toBe("🐉".repeat(PROMPT_PREVIEW_CHARS));
    expect(promptPreview("short")).toEqual({ prompt: "short", promptTruncated: false });
  });

  it("the gallery page lists the preview; the item has the whole prompt", async () => {
    const { items } = await listGalleryItems(temp.db, LOCAL_USER, {});
    const listed = items.find((i) => i.id === "long")!;
    expect(listed).toMatchObject({ promptTruncated: true, prompt: "🐉".repeat(PROMPT_PREVIEW_CHARS) });
    expect(items.find((i) => i.id === "short")).toMatchObject({
      prompt: "a short one",
      promptTruncated: false,
    });
    const item = await getGalleryItem(temp.db, LOCAL_USER, "long");
    expect(item).toMatchObject({ prompt: long, promptTruncated: false });
  });

  it("the task list drops the request and carries the preview", async () => {
    const task = presentTask((await loadTask(temp.db, "long"))!, "http://studio.test");
    expect(task.studio.request.prompt).toBe(long);
    const summary = summarizeTask(task);
    expect(summary.studio).not.toHaveProperty("request");
    expect(summary.studio).toMatchObject({
      prompt: "🐉".repeat(PROMPT_PREVIEW_CHARS),
      promptTruncated: true,
    });
    expect(JSON.stringify(summary).length).toBeLessThan(JSON.stringify(task).length / 10);
  });
});
