import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { apiSearchParams, filtersFromUrl } from "./filters";

const url = (query: string) => filtersFromUrl(new URLSearchParams(query));

describe("filtersFromUrl: a hand-edited page URL", () => {
  it("reads every filter of a good URL, ignoring the page's other keys", () => {
    expect(
      url(
        "type=video&model=sd_2.5_ORelay&status=expired&favorite=1&rating=4&tag=Keeper&from=2026-11-01&to=2026-11-21&q=red%20kite&item=abc&compare=a,b",
      ),
    ).toEqual({
      type: "video",
      model: "sd_2.5_ORelay",
      status: "expired",
      favorite: true,
      rating: 4,
      tag: "Keeper",
      from: "2026-11-01",
      to: "2026-11-21",
      q: "red kite",
    });
  });

  it("drops only the bad values and keeps the rest", () => {
    expect(url("rating=9&type=gif&favorite=yes&status=lost&q=cat&model=m1")).toEqual({
      q: "cat",
      model: "m1",
    });
    expect(url("from=2026-13-45&to=yesterday&rating=2.5&tag=x")).toEqual({ tag: "x" });
    expect(url(`q=${"a".repeat(501)}&type=image`)).toEqual({ type: "image" });
  });

  it("drops a `to` before `from` even when another value was bad too, keeping the others", () => {
    expect(url("from=2026-11-22&to=2026-11-21&q=cat")).toEqual({ from: "2026-11-22", q: "cat" });
    // The rule across keys is only checked once every key is valid: a second pass finds it.
    expect(url("type=gif&from=2026-11-22&to=2026-11-21&q=cat")).toEqual({ from: "2026-11-22", q: "cat" });
    expect(url("favorite=yes&from=2026-11-22&to=2026-11-21&q=cat")).toEqual({ from: "2026-11-22", q: "cat" });
  });

  it("treats empty values as absent and takes the first of repeated keys", () => {
    expect(url("type=&q=%20%20&rating=&tag=b-roll")).toEqual({ tag: "b-roll" });
    expect(url("type=image&type=video&rating=3&rating=9")).toEqual({ type: "image", rating: 3 });
    expect(url("")).toEqual({});
  });
});

describe("apiSearchParams: the user's local days as an instant range", () => {
  const original = process.env.TZ;
  // Node applies a changed TZ at once; every test names the zone it runs in.
  beforeEach(() => {
    process.env.TZ = "UTC";
  });
  afterAll(() => {
    process.env.TZ = original;
  });
  const range = (from: string, to: string) => {
    const params = apiSearchParams({ from, to, q: "cat" });
    return [params.get("from"), params.get("to"), params.get("q")];
  };

  it("starts at local midnight and ends just before the next one", () => {
    process.env.TZ = "Asia/Kolkata";
    expect(range("2026-11-21", "2026-11-21")).toEqual([
      "2026-11-20T18:30:00.000Z",
      "2026-11-21T18:29:59.999Z",
      "cat",
    ]);
    process.env.TZ = "America/New_York";
    expect(range("2026-11-01", "2026-11-21")).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-22T04:59:59.999Z",
      "cat",
    ]);
  });

  it("on a day whose midnight does not exist (clocks jump at 24:00), starts at its first real instant", () => {
    // Chile: 5 Sep 2026 24:00 (-04) becomes 6 Sep 01:00 (-03). 6 Sep starts at 04:00 UTC; 03:30 UTC
    // is still 5 Sep 23:30 local.
    process.env.TZ = "America/Santiago";
    expect(range("2026-09-06", "2026-09-06")).toEqual([
      "2026-09-06T04:00:00.000Z",
      "2026-09-07T02:59:59.999Z",
      "cat",
    ]);
  });

  it("on a day whose last hour happens twice (clocks go back at 24:00), ends after the second one", () => {
    // Chile: 4 Apr 2026 24:00 (-03) becomes 23:00 (-04) again; 5 Apr starts at 04:00 UTC.
    process.env.TZ = "America/Santiago";
    expect(range("2026-04-04", "2026-04-04")).toEqual([
      "2026-04-04T03:00:00.000Z",
      "2026-04-05T03:59:59.999Z",
      "cat",
    ]);
  });

  it("passes date-times through and leaves the other filters as the URL has them", () => {
    const params = apiSearchParams({ from: "2026-11-21T10:00:00Z", type: "video", favorite: true });
    expect(params.toString()).toBe("type=video&favorite=1&from=2026-11-21T10%3A00%3A00Z");
    expect(apiSearchParams({}).toString()).toBe("");
  });
});
