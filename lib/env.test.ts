import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv, SANDBOX_API_KEY } from "./env";
import { DEFAULT_DATABASE_URL } from "./sqlite-url";

/** The error message parseEnv throws for a configuration, or "" when it is accepted. */
function problem(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("parseEnv", () => {
  it("defaults to the built-in sandbox on 127.0.0.1:3000 with local data", () => {
    expect(parseEnv({})).toEqual({
      upstreamBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      llmBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      apiKey: SANDBOX_API_KEY,
      usesSandbox: { tasks: true, llm: true },
      databaseUrl: DEFAULT_DATABASE_URL,
      mediaDir: path.resolve("./data/media"),
      port: 3000,
      host: "127.0.0.1",
      publicBaseUrl: null,
      trackerEnabled: true,
    });
  });

  it("treats empty values as unset (a .env line left blank)", () => {
    expect(parseEnv({ UPSTREAM_BASE_URL: " ", PORT: "", UPSTREAM_API_KEY: "" })).toMatchObject({
      usesSandbox: { tasks: true, llm: true },
      port: 3000,
    });
  });

  it("calls its own sandbox over loopback when listening on all interfaces", () => {
    expect(parseEnv({ HOST: "0.0.0.0", PORT: "4100" }).upstreamBaseUrl).toBe(
      "http://127.0.0.1:4100/api/sandbox",
    );
    expect(parseEnv({ HOST: "::1", PORT: "4100" }).upstreamBaseUrl).toBe("http://[::1]:4100/api/sandbox");
  });

  it("names the variable of a URL that is not an http(s) URL", () => {
    expect(problem({ UPSTREAM_BASE_URL: "api.example.com", UPSTREAM_API_KEY: "k" })).toBe(
      "Invalid environment configuration:\n  UPSTREAM_BASE_URL: must be an http(s) URL such as https://api.example.com",
    );
    expect(problem({ UPSTREAM_LLM_BASE_URL: "ftp://x.example", UPSTREAM_API_KEY: "k" })).toMatch(
      /UPSTREAM_LLM_BASE_URL: must be an http\(s\) URL/,
    );
  });

  it("requires a key with a real upstream URL, and uses it", () => {
    expect(problem({ UPSTREAM_BASE_URL: "https://api.example.com" })).toBe(
      "Invalid environment configuration:\n  UPSTREAM_API_KEY: is required when UPSTREAM_BASE_URL or UPSTREAM_LLM_BASE_URL is set",
    );
    expect(
      parseEnv({ UPSTREAM_BASE_URL: "https://api.example.com/", UPSTREAM_API_KEY: "sk-1" }),
    ).toMatchObject({
      upstreamBaseUrl: "https://api.example.com",
      llmBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      apiKey: "sk-1",
      usesSandbox: { tasks: false, llm: true },
    });
  });

  it.each(["0", "65536", "80.5", "http"])("rejects PORT=%s, naming it", (port) => {
    expect(problem({ PORT: port })).toMatch(/^Invalid environment configuration:\n {2}PORT: /);
  });

  it("accepts PORT at both ends of the range", () => {
    expect(parseEnv({ PORT: "1" }).port).toBe(1);
    expect(parseEnv({ PORT: "65535" }).port).toBe(65535);
  });

  it("accepts only a file: DATABASE_URL", () => {
    expect(problem({ DATABASE_URL: "postgres://db.example/studio" })).toBe(
      'Invalid environment configuration:\n  DATABASE_URL: must be a SQLite URL such as "file:./data/studio.db"',
    );
    expect(parseEnv({ DATABASE_URL: "file:/tmp/x.db" }).databaseUrl).toBe("file:/tmp/x.db");
  });

  it("takes PUBLIC_BASE_URL as an optional http(s) URL without its trailing slash", () => {
    expect(parseEnv({ PUBLIC_BASE_URL: "https://studio.example.com//" }).publicBaseUrl).toBe(
      "https://studio.example.com",
    );
    expect(problem({ PUBLIC_BASE_URL: "studio.example.com" })).toMatch(
      /PUBLIC_BASE_URL: must be an http\(s\) URL/,
    );
  });

  it("names every bad variable at once, and accepts TRACKER only as 0 or 1", () => {
    const message = problem({ PORT: "0", DATABASE_URL: "mysql://x", TRACKER: "yes" });
    expect(
      message
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(":")[0]),
    ).toEqual(["DATABASE_URL", "PORT", "TRACKER"]);
    expect(parseEnv({ TRACKER: "0" }).trackerEnabled).toBe(false);
  });
});
