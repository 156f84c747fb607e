import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toNodeListener, type FetchHandler } from "./node-adapter";

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  const closed = new Promise((resolve) => server!.close(resolve));
  server.closeAllConnections();
  await closed;
});

async function serve(handler: FetchHandler): Promise<string> {
  server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("node:http adapter", () => {
  it("passes method, URL, headers and the request body through", async () => {
    const url = await serve(async (request) =>
      Response.json({
        method: request.method,
        url: request.url,
        header: request.headers.get("x-test"),
        body: await request.text(),
      }),
    );
    const response = await fetch(`${url}/a/b?c=1`, {
      method: "POST",
      headers: { "X-Test": "yes" },
      body: "hello",
    });
    expect(await response.json()).toEqual({
      method: "POST",
      url: `${url}/a/b?c=1`,
      header: "yes",
      body: "hello",
    });
  });

  it("streams a response chunk by chunk: the first chunk arrives before the second exists", async () => {
    const second = gate();
    const encoder = new TextEncoder();
    const url = await serve(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode("first;"));
          await second.opened;
          controller.enqueue(encoder.encode("second"));
          controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/plain" } });
    });
    const response = await fetch(url);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("first;");
    second.open();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("second");
  });

  it("aborts the request signal and cancels the body when the client goes away", async () => {
    const aborted = gate();
    const cancelled = gate();
    const url = await serve(async (request) => {
      request.signal.addEventListener("abort", () => aborted.open());
      let cancel = false;
      const body = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (!cancel) controller.enqueue(new Uint8Array(8));
        },
        cancel: () => {
          cancel = true;
          cancelled.open();
        },
      });
      return new Response(body);
    });
    const client = new AbortController();
    const response = await fetch(url, { signal: client.signal });
    await response.body!.getReader().read();
    client.abort();
    await Promise.all([aborted.opened, cancelled.opened]);
  });

  it("answers 500 as JSON when the handler throws", async () => {
    vi.spyOn(console, "error").mockImplementationOnce(() => {}); // the expected "boom", not noise
    const url = await serve(async () => {
      throw new Error("boom");
    });
    const response = await fetch(url);
    expect(response.status).toBe(500);
    expect((await response.json()).error.code).toBe("internal_error");
  });
});
