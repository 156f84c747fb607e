import { describe, expect, it } from "vitest";
import { processRequestLog } from "@/lib/sandbox/options";
import { GET, POST } from "./route";

const origin = "http://127.0.0.1:3999";
const auth = { Authorization: "Bearer sandbox-key", "Content-Type": "application/json" };

describe("the studio's sandbox mount", () => {
  it("serves the task API under /api/sandbox, and keeps its request log private by default", async () => {
    processRequestLog().clear();
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

    expect(
      processRequestLog()
        .list()
        .map((e: { method: string; path: string }) => `${e.method} ${e.path}`),
    ).toEqual(["POST /v2/model-center/tasks", `GET /v2/model-center/tasks/${task.id}`]);
    // Every body the studio sent is in that log: without SANDBOX_REQUEST_LOG=1 nobody can read it.
    const exposed = await GET(new Request(`${origin}/api/sandbox/_requests`, { headers: auth }));
    expect(exposed.status).toBe(404);
  });

  it("answers 404 outside its routes", async () => {
    const response = await GET(new Request(`${origin}/api/sandbox/v3/nothing`, { headers: auth }));
    expect(response.status).toBe(404);
  });
});
