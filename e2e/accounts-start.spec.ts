import http from "node:http";
import { expect, test } from "@playwright/test";
import { freshDatabase, startProcess, startStudio, waitUntilReady } from "./support/studio-start";

/**
 * Listening beyond loopback means anyone on the network reaches the port that spends the key's
 * credits: such a studio refuses to start with AUTH=off, and with no account yet serves no API.
 */
const base = Number(process.env.E2E_PORT ?? 3100);

test.describe.configure({ mode: "serial" });

test("HOST=0.0.0.0 with AUTH=off refuses to start, naming both variables", async () => {
  for (const [command, args] of [
    ["npx", ["next", "start", "-H", "0.0.0.0", "-p", String(base + 2)]],
    ["bash", ["scripts/start.sh"]],
  ] as const) {
    const studio = startProcess(command, [...args], {
      ...freshDatabase(`start-off-${base}`),
      HOST: "0.0.0.0",
      PORT: String(base + 2),
      AUTH: "off",
    });
    const code = await Promise.race([
      studio.exited,
      new Promise((r) => setTimeout(() => r("running"), 60_000)),
    ]);
    await studio.stop();
    expect(code, studio.output()).toBe(1);
    expect(studio.output()).toContain('AUTH: cannot be "off" while HOST=0.0.0.0 listens beyond loopback');
    // Nothing listens on the port.
    await expect(fetch(`http://127.0.0.1:${base + 2}/api/health`)).rejects.toThrow();
  }
});

test("HOST=0.0.0.0 without accounts serves no API until the first admin is set up with the logged code", async ({
  request,
}) => {
  const port = base + 3;
  const studio = await startStudio({
    ...freshDatabase(`start-open-${base}`),
    HOST: "0.0.0.0",
    PORT: String(port),
    SANDBOX_REQUEST_LOG: "1",
  });
  try {
    await waitUntilReady(studio);
    const url = `http://127.0.0.1:${port}`;
    expect((await request.get(`${url}/api/health`)).status()).toBe(200);

    const submit = await request.post(`${url}/api/v2/model-center/tasks`, {
      data: { model: "sd_2.5_ORelay", prompt: "must not run" },
    });
    expect(submit.status()).toBe(503);
    expect((await submit.json()).error.code).toBe("setup_required");
    for (const path of ["/api/tasks", "/api/gallery", "/api/chat/conversations"]) {
      expect((await request.get(url + path)).status(), path).toBe(503);
    }
    // The upstream (here its built-in double) never heard of it.
    expect(await (await request.get(`${url}/api/sandbox/_requests`)).json()).toEqual([]);

    const page = await request.get(`${url}/gallery`, { maxRedirects: 0 });
    expect([page.status(), page.headers().location]).toEqual([303, "/setup"]);

    // The set-up page asks for the code only the server log shows.
    await expect.poll(() => studio.output()).toMatch(/setup code [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/);
    const code = /setup code ([0-9A-F-]{14})/.exec(studio.output())![1];
    const body = { email: "first@example.com", password: "first admin password" };
    const refused = await request.post(`${url}/api/auth/setup`, {
      data: { ...body, setupCode: "0000-0000-0000" },
    });
    expect([refused.status(), (await refused.json()).error.issues[0].path]).toEqual([403, "setupCode"]);
    const created = await request.post(`${url}/api/auth/setup`, { data: { ...body, setupCode: code } });
    expect(created.status()).toBe(201);
    expect((await request.get(`${url}/api/tasks`)).status()).toBe(200); // the new admin's session cookie

    // Login limits count the socket's peer (issue 18): X-Forwarded-For written by the client does
    // not rotate it, and the owner signs in from another address while this one is held back.
    const login = (password: string, from: string, forwardedFor: string) =>
      loginFrom(port, { email: body.email, password }, from, forwardedFor);
    for (let i = 0; i < 5; i++) {
      expect((await login(`wrong guess ${i}`, "127.0.0.1", `198.51.100.${i}`)).status).toBe(401);
    }
    const held = await login(body.password, "127.0.0.1", "198.51.100.77");
    expect([held.status, held.message]).toEqual([
      429,
      "Too many login attempts for this account from your address. Try again in 15 minutes.",
    ]);
    expect((await login(body.password, "127.0.0.2", "127.0.0.1")).status).toBe(200);
  } finally {
    await studio.stop();
  }
});

/** POST /api/auth/login from a chosen local address (127.0.0.0/8 is all loopback on Linux). */
function loginFrom(
  port: number,
  credentials: { email: string; password: string },
  localAddress: string,
  forwardedFor: string,
): Promise<{ status: number; message?: string }> {
  const payload = JSON.stringify(credentials);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/auth/login",
        method: "POST",
        localAddress,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(payload),
          "X-Forwarded-For": forwardedFor,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const json = JSON.parse(text || "{}") as { error?: { message: string } };
          resolve({ status: res.statusCode ?? 0, message: json.error?.message });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
