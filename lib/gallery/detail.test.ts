import { LOCAL_USER } from "../auth/local-user";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { getGalleryItem } from "./detail";
import { seedTasks } from "./testing/seed-tasks";
import { signedExpiry, urlExpiry } from "../upstream/url-expiry";

let temp: ReturnType<typeof createTempDb>;
const now = new Date("2026-11-21T12:00:00Z");
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));

beforeAll(async () => {
  temp = createTempDb();
  await seedTasks(temp.db, [
    { id: "n1", prompt: "one", submittedAt: day(1), favorite: true },
    { id: "n2", prompt: "two", submittedAt: day(2) },
    { id: "n3", prompt: "three", submittedAt: day(3), favorite: true },
    { id: "n4", prompt: "four", submittedAt: day(4), favorite: true },
  ]);
  const request = {
    model: "sd_2.5_ORelay",
    prompt: "A lighthouse in a storm",
    duration: 8,
    resolution: "1080p",
    reference_images: ["https://cdn.example/ref.png"],
  };
  await seedTasks(temp.db, [
    {
      id: "full",
      prompt: request.prompt,
      request,
      submittedAt: day(5),
      media: [
        {
          role: "result",
          sourceUrl: "https://up.example/v.mp4?Expires=1700000000",
          size: 1234,
          sha256: "ab".repeat(32),
        },
        {
          role: "last_frame",
          sourceUrl: "https://up.example/last.png",
          contentType: "image/png",
          status: "expired",
          path: null,
        },
      ],
    },
  ]);
  await temp.db.task.update({
    where: { id: "full" },
    data: {
      amount: 12.5,
      actualDuration: 8,
      startedAt: new Date("2026-11-05T09:00:05Z"),
      finishedAt: new Date("2026-11-05T09:00:40Z"),
      upstreamUrls: JSON.stringify({
        result_url: "https://up.example/v.mp4?Expires=1700000000",
        last_frame_url: "https://up.example/last.png",
        upstream_urls: ["https://origin.example/a.mp4?X-Amz-Date=20261121T110000Z&X-Amz-Expires=7200"],
      }),
    },
  });
});
afterAll(() => temp.cleanup());

describe("gallery item detail", () => {
  it("shows every submitted parameter, cost, timings and files", async () => {
    const item = await getGalleryItem(temp.db, LOCAL_USER, "full", {}, now);
    expect(item.request).toEqual({
      model: "sd_2.5_ORelay",
      prompt: "A lighthouse in a storm",
      duration: 8,
      resolution: "1080p",
      reference_images: ["https://cdn.example/ref.png"],
    });
    expect(item).toMatchObject({
      amount: 12.5,
      actualDuration: 8,
      submittedAt: "2026-11-05T09:00:00.000Z",
      startedAt: "2026-11-05T09:00:05.000Z",
      finishedAt: "2026-11-05T09:00:40.000Z",
      expired: true,
    });
    expect(item.media.map((m) => [m.role, m.status, m.size, m.sha256])).toEqual([
      ["result", "stored", 1234, "ab".repeat(32)],
      ["last_frame", "expired", null, null],
    ]);
    expect(item.media[0].downloadUrl).toBe(`/api/gallery/items/full/download?media=${item.media[0].id}`);
  });

  it("lists the upstream's original URLs with whether each has expired", async () => {
    const item = await getGalleryItem(temp.db, LOCAL_USER, "full", {}, now);
    expect(item.upstreamUrls.map((u) => [u.field, u.state, u.expiresAt, Boolean(u.mediaId)])).toEqual([
      ["result_url", "expired", "2023-11-14T22:13:20.000Z", true],
      ["last_frame_url", "expired", null, true],
      ["upstream_urls[0]", "valid", "2026-11-21T13:00:00.000Z", false],
    ]);
  });

  it("never reveals the configured upstream base URLs", async () => {
    const base = "https://api.secret-upstream.example/v2";
    const llm = "https://llm.secret-upstream.example";
    await seedTasks(temp.db, [
      {
        id: "masked",
        prompt: "masked",
        submittedAt: day(6),
        request: { model: "sd_2.5_ORelay", prompt: "masked", reference_images: [`${base}/files/ref.png`] },
        error: `could not fetch ${base}/files/ref.png`,
        media: [{ role: "result", sourceUrl: `${base}/files/t1/video.mp4?sig=abc` }],
      },
    ]);
    await temp.db.task.update({
      where: { id: "masked" },
      data: {
        upstreamUrls: JSON.stringify({
          result_url: `${base}/files/t1/video.mp4?sig=abc`,
          upstream_urls: [`${llm}/x.png`, "https://cdn.example/a.mp4"],
        }),
      },
    });
    await temp.db.media.updateMany({ where: { taskId: "masked" }, data: { error: `GET ${base}/files/t1` } });
    const item = await getGalleryItem(temp.db, LOCAL_USER, "masked", {}, now, {
      baseUrl: base,
      llmBaseUrl: llm,
      apiKey: "k",
    });
    const body = JSON.stringify(item);
    expect(body).not.toContain("secret-upstream");
    expect(item.media[0].sourceUrl).toBe("{base_url}/files/t1/video.mp4?sig=abc");
    expect(item.upstreamUrls.map((u) => [u.url, u.masked])).toEqual([
      ["{base_url}/files/t1/video.mp4?sig=abc", true],
      ["{llm_base_url}/x.png", true],
      ["https://cdn.example/a.mp4", false],
    ]);
    expect(item.request?.reference_images).toEqual(["{base_url}/files/ref.png"]);
    expect(item.error).toBe("could not fetch {base_url}/files/ref.png");
    await temp.db.task.delete({ where: { id: "masked" } });
  });

  it("finds previous and next items within the filters it was opened with", async () => {
    expect(await getGalleryItem(temp.db, LOCAL_USER, "n3", {}, now)).toMatchObject({
      prevId: "n4",
      nextId: "n2",
    });
    expect(await getGalleryItem(temp.db, LOCAL_USER, "n3", { favorite: true }, now)).toMatchObject({
      prevId: "n4",
      nextId: "n1",
    });
    expect(await getGalleryItem(temp.db, LOCAL_USER, "full", {}, now)).toMatchObject({
      prevId: null,
      nextId: "n4",
    });
    expect(await getGalleryItem(temp.db, LOCAL_USER, "n1", { favorite: true }, now)).toMatchObject({
      nextId: null,
    });
  });

  it("answers not_found for an unknown id", async () => {
    await expect(getGalleryItem(temp.db, LOCAL_USER, "missing")).rejects.toMatchObject({
      code: "not_found",
      status: 404,
    });
  });
});

describe("upstream URL expiry", () => {
  it("reads common signed-URL expiry parameters", () => {
    expect(signedExpiry("https://x/a?Expires=1800000000")?.toISOString()).toBe("2027-01-15T08:00:00.000Z");
    expect(signedExpiry("https://x/a?se=2026-12-01T00:00:00Z&sig=x")?.toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect(signedExpiry("https://x/a?exp=1800000000000")?.toISOString()).toBe("2027-01-15T08:00:00.000Z");
    expect(signedExpiry("https://x/a?v=1")).toBeNull();
    expect(signedExpiry("not a url")).toBeNull();
  });

  it("lets what the studio observed win over the URL's claim", () => {
    expect(urlExpiry("https://x/a?Expires=1800000000", true, now).state).toBe("expired");
    expect(urlExpiry("https://x/a?Expires=1800000000", false, now).state).toBe("valid");
    expect(urlExpiry("https://x/a", false, now)).toEqual({ state: "unknown", expiresAt: null });
  });
});

describe("reuse", () => {
  it("offers the media fields of available models that take the item's kinds", async () => {
    const item = await getGalleryItem(temp.db, LOCAL_USER, "full", {}, now);
    const video = item.referenceTargets.video.map((t) => `${t.modelId}:${t.field}`);
    expect(video).toContain("sd_2.5_ORelay:reference_videos");
    expect(video.some((t) => t.endsWith("reference_images"))).toBe(false);
    // The last frame is an image: image fields are offered too, but never of an unavailable model.
    const image = item.referenceTargets.image.map((t) => `${t.modelId}:${t.field}`);
    expect(image).toContain("sd_2.5_ORelay:reference_images");
    expect(image.some((t) => t.startsWith("vendorw2.7-r2v:"))).toBe(false);
  });
});
