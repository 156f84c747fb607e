import { describe, expect, it } from "vitest";
import { checkMediaItem, isLocalAddress } from "./media-items";
import { getModel, normalizeRequest, type ModelDef } from "./index";

const open = { assetLibrary: false };
const asset = { assetLibrary: true };

describe("checkMediaItem", () => {
  it("accepts public http(s) URLs, trimmed", () => {
    expect(checkMediaItem(" https://cdn.example.com/a.png ", open)).toEqual({
      ok: true,
      value: "https://cdn.example.com/a.png",
    });
    expect(checkMediaItem("http://example.com/v.mp4?sig=1", open)).toEqual({
      ok: true,
      value: "http://example.com/v.mp4?sig=1",
    });
  });

  it("rejects data URLs and bare base64 with the alternative", () => {
    expect(checkMediaItem("data:image/png;base64,iVBORw0KGgo=", open)).toMatchObject({
      ok: false,
      message: "base64/data URLs are not supported; use a public http(s) URL",
    });
    expect(
      checkMediaItem(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        asset,
      ),
    ).toMatchObject({
      ok: false,
      message: "base64/data URLs are not supported; use a public http(s) URL or an assetId:// reference",
    });
  });

  it("rejects other schemes and non-URLs", () => {
    expect(checkMediaItem("ftp://example.com/a.png", open)).toMatchObject({
      ok: false,
      message: "ftp: URLs are not supported; use a public http(s) URL",
    });
    expect(checkMediaItem("file:///etc/passwd", open).ok).toBe(false);
    expect(checkMediaItem("blob:https://x/1", open).ok).toBe(false);
    expect(checkMediaItem("cat.png", open)).toMatchObject({
      ok: false,
      message: 'must be a public http(s) URL (got "cat.png")',
    });
    expect(checkMediaItem("  ", open)).toMatchObject({
      ok: false,
      message: "is empty; give a public http(s) URL",
    });
    expect(checkMediaItem(5, open)).toMatchObject({ ok: false, message: "must be a URL string (got 5)" });
  });

  it("accepts assetId:// only on asset-library models", () => {
    expect(checkMediaItem("assetId://abc-123", asset)).toEqual({ ok: true, value: "assetId://abc-123" });
    expect(checkMediaItem("assetid://abc-123", asset)).toEqual({ ok: true, value: "assetId://abc-123" });
    expect(checkMediaItem("assetId://", asset).ok).toBe(false);
    expect(checkMediaItem("assetId://abc-123", open)).toMatchObject({
      ok: false,
      message:
        "assetId:// references are accepted only by the asset-library models sd2_disc_nvid and sd_2.0_mini_discount; use a public http(s) URL",
    });
  });
});

describe("media fields of a model", () => {
  const m = (id: string) => getModel(id) as ModelDef;
  it("reject a non-list with a hint", () => {
    const result = normalizeRequest(m("sd2_disc_nvid"), { prompt: "p", first_image: "https://x/a.png" });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        {
          path: ["first_image"],
          message: 'must be a list of image URLs (got "https://x/a.png"); wrap a single URL in [ ]',
        },
      ],
    });
  });
  it("report each bad item on its index", () => {
    const result = normalizeRequest(m("sd2_disc_nvid"), {
      prompt: "p",
      reference_images: ["https://x/a.png", "data:image/png;base64,AA", "assetId://ok"],
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        {
          path: ["reference_images", 1],
          message: "base64/data URLs are not supported; use a public http(s) URL or an assetId:// reference",
        },
      ],
    });
  });
  it("accept assetId:// on sd2_disc_nvid and sd_2.0_mini_discount, nowhere else", () => {
    for (const id of ["sd2_disc_nvid", "sd_2.0_mini_discount"])
      expect(normalizeRequest(m(id), { prompt: "p", reference_videos: ["assetId://v1"] }).ok).toBe(true);
    const result = normalizeRequest(m("vendorm-H3-768p-c2"), {
      prompt: "p",
      reference_videos: ["assetId://v1"],
    });
    expect(result.ok ? "" : result.issues[0].message).toMatch(
      /only by the asset-library models sd2_disc_nvid and sd_2.0_mini_discount/,
    );
  });
});

describe("isLocalAddress", () => {
  it("spots addresses a remote upstream cannot fetch", () => {
    for (const url of [
      "http://localhost:3000/a",
      "http://127.0.0.1/a",
      "http://10.1.2.3/a",
      "http://192.168.0.5/a",
      "http://172.20.0.1/a",
      "http://[::1]/a",
      "http://nas.local/a",
    ])
      expect(isLocalAddress(url), url).toBe(true);
    for (const url of ["https://cdn.example.com/a", "http://172.32.0.1/a", "http://8.8.8.8/a", "not a url"])
      expect(isLocalAddress(url), url).toBe(false);
  });
});
