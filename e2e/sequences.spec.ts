import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { probeVideo } from "../lib/video/probe";
import { sandboxRequests } from "./support/sandbox-log";
import { restartableStudio } from "./support/studio-process";

const unique = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** The task bodies the sandbox received whose prompt is exactly `prompt`. */
async function upstreamSubmits(request: APIRequestContext, prompt: string) {
  const log = await sandboxRequests(request, "/v2/model-center/tasks");
  return log
    .filter((e) => e.method === "POST" && (e.body as { prompt?: unknown } | null)?.prompt === prompt)
    .map((e) => e.body as Record<string, unknown>);
}

/** Waits for a take of shot `index` with a stored video, and picks it in the page. */
async function pickFirstTake(page: Page, index: number) {
  const shot = page.getByTestId("shot-card").nth(index);
  const pick = shot.getByTestId("take").first().getByRole("button", { name: "Pick" });
  await expect(pick).toBeEnabled({ timeout: 90_000 });
  await pick.click();
  await expect(shot.getByTestId("take").first().getByRole("button", { name: "Picked" })).toBeVisible();
  return (await shot.getByTestId("take").first().getAttribute("data-task-id"))!;
}

// The sandbox's clips are 2 s at 12 fps: each trim keeps part of one.
const TRIMS = [
  { in: 0.5, out: 1.5 },
  { in: 0, out: 1.25 },
  { in: 0.25, out: 2 },
];

test("a 3-shot sequence, shots 2 and 3 chained: each continues from the picked take's last frame; the trimmed film plays", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const prompts = [
    unique("[fast] a boat leaves"),
    unique("[fast] the boat at sea"),
    unique("[fast] the boat arrives"),
  ];
  const shot = (prompt: string, chained: boolean) => ({
    model: "sd_2.5_ORelay",
    body: { prompt, duration: 5 },
    chained,
  });
  const created = await request.post("/api/sequences", {
    data: {
      name: unique("Voyage"),
      shots: [shot(prompts[0], false), shot(prompts[1], true), shot(prompts[2], true)],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/sequences/${id}`);
  await expect(page.getByTestId("shot-card")).toHaveCount(3);
  await page.getByRole("button", { name: "Run", exact: true }).click();

  const picked: string[] = [];
  for (const index of [0, 1, 2]) picked.push(await pickFirstTake(page, index));

  // Shot 2's request carried shot 1's picked take's last frame: a studio URL whose bytes are that frame.
  for (const index of [1, 2]) {
    const [sent] = await upstreamSubmits(request, prompts[index]);
    const roles = sent.image_roles as { url: string; role: string }[];
    expect(roles).toHaveLength(1);
    expect(roles[0].role).toBe("first_frame");
    const frame = await request.post(`/api/gallery/items/${picked[index - 1]}/last-frame`);
    expect(frame.status()).toBe(200);
    const { url } = (await frame.json()) as { url: string };
    const handed = await request.get(roles[0].url);
    expect(handed.status()).toBe(200);
    expect(Buffer.compare(await handed.body(), await (await request.get(url)).body())).toBe(0);
  }
  // Each shot was sent once.
  for (const prompt of prompts) expect(await upstreamSubmits(request, prompt)).toHaveLength(1);

  // Renamed in the page.
  const title = unique("Crossing");
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Sequence name").fill(title);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Trims in the timeline.
  for (const [i, trim] of TRIMS.entries()) {
    await page.getByLabel(`In of shot ${i + 1}`).fill(String(trim.in));
    await page.getByLabel(`In of shot ${i + 1}`).blur();
    await page.getByLabel(`Out of shot ${i + 1}`).fill(String(trim.out));
    await page.getByLabel(`Out of shot ${i + 1}`).blur();
  }
  const total = TRIMS.reduce((sum, t) => sum + t.out - t.in, 0);
  await expect(page.getByTestId("cut-length")).toHaveText(`Cut: ${total.toFixed(2)} s`);

  // The film's size and frame rate, set by the user: an odd width is refused, naming the field.
  const OUTPUT = { width: 320, height: 180, fps: 24 };
  await page.getByLabel("Width (px)").fill("321");
  await page.getByLabel("Height (px)").fill(String(OUTPUT.height));
  await page.getByLabel("Frame rate (fps)").fill(String(OUTPUT.fps));
  await page.getByRole("button", { name: "Assemble" }).click();
  await expect(page.getByTestId("output-error")).toHaveText(
    "width: must be an even number of pixels (H.264 needs even sizes)",
  );
  await page.getByLabel("Width (px)").fill(String(OUTPUT.width));
  await page.getByRole("button", { name: "Assemble" }).click();
  await expect(page.getByTestId("output-error")).toHaveCount(0);
  await expect(page.getByTestId("assembly-state")).toHaveText("done", { timeout: 120_000 });

  // A reload shows the name and the output settings kept on the sequence.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByLabel("Width (px)")).toHaveValue(String(OUTPUT.width));
  await expect(page.getByLabel("Height (px)")).toHaveValue(String(OUTPUT.height));
  await expect(page.getByLabel("Frame rate (fps)")).toHaveValue(String(OUTPUT.fps));
  const film = page.getByTestId("film");
  await expect(film).toBeVisible();
  // It plays in the browser.
  await expect
    .poll(() => film.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await film.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => film.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);

  // Its duration, measured on the stored bytes, is the sum of the trims within one frame.
  const src = (await film.getAttribute("src"))!;
  const bytes = await (await request.get(src)).body();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sequence-e2e-")), "film.mp4");
  fs.writeFileSync(file, bytes);
  const probe = await probeVideo(file);
  expect(Math.abs(probe.durationSec - total)).toBeLessThanOrEqual(1 / probe.fps + 1e-6);
  // Made at the size and frame rate set in the page, as measured on the stored bytes.
  expect({ width: probe.width, height: probe.height, fps: probe.fps }).toEqual(OUTPUT);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

/**
 * A restart during the run: a studio of its own (port E2E_PORT + 98, its own database) sending to a
 * sandbox upstream that outlives it, killed after shot 2 is sent and started again.
 */
test.describe("a restart during the run", () => {
  const own = restartableStudio({
    portOffset: 98,
    name: "sequence-restart",
    env: { UPSTREAM_API_KEY: "sequence-restart-key", TRACKER_POLL_INTERVAL_MS: "1000" },
  });

  test("resumes without resending a shot", async () => {
    test.setTimeout(240_000);
    const { submitsOf } = own;

    let studio = await own.start();
    const prompts = [
      unique("[fast] restart one"),
      unique("[fast] restart two"),
      unique("[fast] restart three"),
    ];
    const shots = prompts.map((prompt, i) => ({ model: "sd_2.5_ORelay", body: { prompt }, chained: i > 0 }));
    const created = await fetch(`${studio.url}/api/sequences`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "restart", autoPick: true, shots }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${studio.url}/api/sequences/${id}/run`, { method: "POST" })).status).toBe(202);

    // Shot 2 sent (from shot 1's first stored take), shot 3 waiting for it: the studio dies.
    await expect.poll(() => submitsOf(prompts[1]).length, { timeout: 90_000, intervals: [100] }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await studio.crash();

    studio = await own.start();
    const state = async () =>
      ((await (await fetch(`${studio.url}/api/sequences/${id}`)).json()) as { state: string }).state;
    await expect.poll(state, { timeout: 120_000, intervals: [500] }).toBe("done");
    for (const prompt of prompts) expect(submitsOf(prompt)).toHaveLength(1);
  });
});
