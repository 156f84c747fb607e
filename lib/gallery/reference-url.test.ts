import { LOCAL_USER } from "../auth/local-user";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUrlLive } from "../net/live-url";
import { createTempDb } from "../testing/temp-db";
import { getReferenceOptions, referenceCandidates, type ReferenceContext } from "./reference-url";
import { seedTasks } from "./testing/seed-tasks";

const secrets = {
  baseUrl: "https://api.upstream.example/v2",
  llmBaseUrl: "https://llm.upstream.example",
  apiKey: "k",
};
const localStudio: ReferenceContext = {
  secrets,
  publicBaseUrl: null,
  sandbox: false,
  origin: "http://127.0.0.1:3000",
  fileLink: (path) => path,
};
const now = new Date("2026-11-21T12:00:00Z");

// A real file host: /live answers, /dead is gone, /no-head refuses HEAD but serves a range GET.
let server: http.Server;
let host = "";
let hits = 0;
/** A port nothing listens on (a listener opened and closed again). */
let closedPort = 0;
let temp: ReturnType<typeof createTempDb>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url?.startsWith("/live")) res.writeHead(200, { "Content-Type": "video/mp4" }).end("x");
    else if (req.url?.startsWith("/no-head"))
      res.writeHead(req.method === "HEAD" ? 405 : 206, { "Content-Type": "image/png" }).end("x");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  temp = createTempDb();
  await seedTasks(temp.db, [
    {
      id: "ref",
      media: [
        { role: "result", sourceUrl: `${host}/live/v.mp4` },
        { role: "last_frame", sourceUrl: `${host}/dead/last.png`, contentType: "image/png" },
      ],
    },
    {
      id: "gone",
      media: [{ role: "result", sourceUrl: `${host}/dead/v.mp4`, status: "expired", path: null }],
    },
    { id: "headless", kind: "image", media: [{ sourceUrl: `${host}/no-head/a.png` }] },
    { id: "masked", media: [{ sourceUrl: `${secrets.baseUrl}/files/t1/v.mp4` }] },
    { id: "internal-open", media: [{ sourceUrl: `${host}/live/admin.mp4` }] },
    { id: "internal-closed", media: [{ sourceUrl: `http://127.0.0.1:${closedPort}/live/admin.mp4` }] },
  ]);
});
afterAll(async () => {
  await temp.cleanup();
  await new Promise((resolve) => server.close(resolve));
});

const urls = (candidates: { url: string }[]) => candidates.map((c) => c.url);
// The file host stands for a public CDN: on 127.0.0.1 it must be on the probe's allow-list.
const probe = (url: string) => isUrlLive(url, { allow: [host] });

describe("reference candidates of a gallery item", () => {
  it("offers a live original URL of unknown expiry first, then the studio copy", async () => {
    const [result, lastFrame] = await getReferenceOptions(temp.db, LOCAL_USER, "ref", localStudio, {
      now,
      probe,
    });
    expect(result).toMatchObject({ role: "result", kind: "video" });
    expect(urls(result.candidates)).toEqual([
      `${host}/live/v.mp4`,
      `http://127.0.0.1:3000/api/media/${result.mediaId}`,
    ]);
    expect(result.candidates[0]).toMatchObject({ source: "upstream", warning: null });
    // The dead original is not offered: only the studio copy, with the local-address warning.
    expect(lastFrame).toMatchObject({ role: "last_frame", kind: "image" });
    expect(lastFrame.candidates.map((c) => c.source)).toEqual(["studio"]);
    expect(lastFrame.candidates[0].warning).toMatch(/local address.*PUBLIC_BASE_URL/s);
  });

  it("probes with a ranged GET when HEAD is refused", async () => {
    const [media] = await getReferenceOptions(temp.db, LOCAL_USER, "headless", localStudio, { now, probe });
    expect(media.candidates[0]).toMatchObject({ source: "upstream", url: `${host}/no-head/a.png` });
  });

  it("offers nothing for a file neither stored nor reachable", async () => {
    const [media] = await getReferenceOptions(temp.db, LOCAL_USER, "gone", localStudio, { now, probe });
    expect(media.candidates).toEqual([]);
  });

  it("never offers (or reveals) a URL under the configured upstream base", async () => {
    const probed: string[] = [];
    const probe = async (url: string) => {
      probed.push(url);
      return true;
    };
    const options = await getReferenceOptions(temp.db, LOCAL_USER, "masked", localStudio, { now, probe });
    expect(probed).toEqual([]);
    expect(options[0].candidates.map((c) => c.source)).toEqual(["studio"]);
    expect(JSON.stringify(options)).not.toContain("upstream.example");
  });

  it("does not tell whether something listens on an internal address (the probe never connects)", async () => {
    const before = hits;
    // The default probe: the configured upstream (here the sandbox's path) is all it may reach.
    const [open] = await getReferenceOptions(temp.db, LOCAL_USER, "internal-open", localStudio, { now });
    const [closed] = await getReferenceOptions(temp.db, LOCAL_USER, "internal-closed", localStudio, { now });
    expect(hits).toBe(before);
    const shape = (m: typeof open) => JSON.stringify(m).replaceAll(m.mediaId, "ID");
    expect(shape(open)).toBe(shape(closed));
    expect(open.candidates.map((c) => c.source)).toEqual(["studio"]);
  });

  it("answers not_found for an unknown item", async () => {
    await expect(getReferenceOptions(temp.db, LOCAL_USER, "nope", localStudio)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("referenceCandidates", () => {
  const stored = { id: "m1", status: "stored", sourceUrl: "https://cdn.example/v.mp4" };
  const unknown = { ...stored, source: { state: "unknown" as const, expiresAt: null } };
  const expired = { ...stored, source: { state: "expired" as const, expiresAt: "2026-11-20T00:00:00.000Z" } };
  const valid = { ...stored, source: { state: "valid" as const, expiresAt: "2026-11-22T00:00:00.000Z" } };

  it("uses a signed, unexpired original without probing and drops an expired one", () => {
    expect(referenceCandidates(valid, undefined, localStudio).map((c) => c.source)).toEqual([
      "upstream",
      "studio",
    ]);
    expect(referenceCandidates(expired, true, localStudio).map((c) => c.source)).toEqual(["studio"]);
    expect(referenceCandidates(unknown, false, localStudio).map((c) => c.source)).toEqual(["studio"]);
  });

  it("puts the studio copy at PUBLIC_BASE_URL when set, without a warning", () => {
    const [copy] = referenceCandidates(expired, undefined, {
      ...localStudio,
      publicBaseUrl: "https://studio.example.com",
    });
    expect(copy).toMatchObject({ url: "https://studio.example.com/api/media/m1", warning: null });
  });

  it("warns about a local studio copy unless the upstream is the sandbox", () => {
    expect(referenceCandidates(expired, undefined, localStudio)[0].warning).toMatch(/PUBLIC_BASE_URL/);
    const lan = referenceCandidates(expired, undefined, {
      ...localStudio,
      origin: "http://192.168.1.20:3000",
    });
    expect(lan[0].warning).toMatch(/local address/);
    const sandbox = referenceCandidates(expired, undefined, { ...localStudio, sandbox: true });
    expect(sandbox[0]).toMatchObject({ url: "http://127.0.0.1:3000/api/media/m1", warning: null });
    const publicOrigin = referenceCandidates(expired, undefined, {
      ...localStudio,
      origin: "https://studio.example.com",
    });
    expect(publicOrigin[0].warning).toMatch(/reach this address from the internet/);
  });

  it("offers no studio copy of a file that is not stored", () => {
    expect(referenceCandidates({ ...expired, status: "expired" }, undefined, localStudio)).toEqual([]);
  });
});
