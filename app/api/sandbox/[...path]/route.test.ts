import { describe, expect, it } from "vitest";
import { DELETE, GET, POST } from "./route";

const origin = "http://127.0.0.1:3999";
const auth = { Authorization: "Bearer sandbox-key", "Content-Type": "application/json" };

describe("the studio's sandbox mount", () => {
  it("serves the task API, result files and the request log under /api/sandbox", async () => {
    await DELETE(new Request(`${origin}/api/sandbox/_requests`, { method: "DELETE" }));
    const submit = await POST(
      new Request(`${origin}/api/sandbox/v2/model-center/tasks`, {
        method: "POST",
        headers: { ...auth, Host: "127.0.0.1:3999" },
        body: JSON.stringify({ model: "vendors_5.0Pro", prompt: "route test", aspect_ratio: "1:1" }),
      }),
    );
    expect(submit.status).toBe(200);
    const task = await submit.json();
    expect(task).toMatchObject({ object: "image", status: "queued" });

    const query = await GET(
      new Request(`${origin}/api/sandbox/v2/model-center/tasks/${task.id}`, { headers: auth }),
    );
    expect((await query.json()).id).toBe(task.id);

    const log = await (await GET(new Request(`${origin}/api/sandbox/_requests`))).json();
    expect(log.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual([
      "POST /v2/model-center/tasks",
      `GET /v2/model-center/tasks/${task.id}`,
    ]);
  });

  it("answers 404 outside its routes", async () => {
    const response = await GET(new Request(`${origin}/api/sandbox/v3/nothing`, { headers: auth }));
    expect(response.status).toBe(404);
  });
});
