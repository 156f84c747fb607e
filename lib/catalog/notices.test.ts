import { describe, expect, it } from "vitest";
import { getModel, requestNotices, validateTaskRequest, type ModelDef } from "./index";

const m = (id: string) => getModel(id) as ModelDef;

describe("requestNotices", () => {
  it("collects truncation and local media URLs with their paths", () => {
    expect(
      requestNotices(m("vendorw2.7-r2v"), {
        prompt: "猫".repeat(2501),
        reference_images: ["https://cdn.example.com/a.png", "http://127.0.0.1:3000/api/media/1"],
      }),
    ).toEqual([
      {
        path: ["prompt"],
        message: expect.stringContaining("the last 1 of this prompt's 2501 characters will be cut off"),
      },
      {
        path: ["reference_images", 1],
        message:
          "points at a local address, which the configured upstream cannot fetch: use a public URL, or set PUBLIC_BASE_URL to an address of this studio the upstream can reach",
      },
    ]);
  });

  const local = {
    reference_images: ["http://localhost:3000/api/media/m1?download=1", "http://10.0.0.5/x.png"],
  };

  it("says nothing about local addresses when the built-in sandbox is the upstream", () => {
    const sandbox = { localUrlsReachable: true, publicBaseUrl: null };
    expect(requestNotices(m("vendorw2.7-r2v"), local, sandbox)).toEqual([]);
  });

  it("offers the PUBLIC_BASE_URL address of a studio file", () => {
    const published = { localUrlsReachable: false, publicBaseUrl: "https://studio.example.com" };
    expect(requestNotices(m("vendorw2.7-r2v"), local, published)).toEqual([
      {
        path: ["reference_images", 0],
        message:
          "points at a local address, which the configured upstream cannot fetch: use https://studio.example.com/api/media/m1?download=1 (this studio at PUBLIC_BASE_URL) instead",
      },
      {
        path: ["reference_images", 1],
        message:
          "points at a local address, which the configured upstream cannot fetch: use a public URL instead",
      },
    ]);
  });

  describe("vendorm-H3-768p-c1 in text-to-video mode", () => {
    const model = m("vendorm-H3-768p-c1");
    const required = {
      path: ["reference_images"],
      message:
        "text-to-video (no images): the spec's parameter table also marks reference images as required (1–9), so the upstream may reject a request without them",
    };
    const sandbox = { localUrlsReachable: true, publicBaseUrl: null };

    it("warns that the spec also requires reference images, whatever the upstream", () => {
      expect(requestNotices(model, { prompt: "a fox", reference_images: [] })).toEqual([required]);
      expect(requestNotices(model, { prompt: "a fox" }, sandbox)).toEqual([required]);
      // Rows added but left blank are still text-to-video.
      expect(requestNotices(model, { prompt: "a fox", reference_images: ["  "] }, sandbox)).toEqual([
        required,
      ]);
    });

    it("says nothing once an image is given (image-to-video) or for other models", () => {
      expect(
        requestNotices(model, { prompt: "a fox", reference_images: ["https://cdn.example.com/a.png"] }),
      ).toEqual([]);
      expect(requestNotices(m("videos_900_720p-c1"), { prompt: "a fox", reference_images: [] })).toEqual([]);
    });

    it("is a notice, not an error: the request still validates", () => {
      expect(validateTaskRequest({ model: "vendorm-H3-768p-c1", prompt: "a fox" }).body).toMatchObject({
        model: "vendorm-H3-768p-c1",
        prompt: "a fox",
      });
    });
  });
});
