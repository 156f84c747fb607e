import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SANDBOX_V1_MAPPING } from "./catalog/v1";
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
  it("takes ASSET_UPLOAD_URL as an http(s) URL and wants the real key unless it is the sandbox", () => {
    expect(
      parseEnv({ ASSET_UPLOAD_URL: "http://127.0.0.1:3000/api/sandbox/assets/upload" }).assetUploadUrl,
    ).toBe("http://127.0.0.1:3000/api/sandbox/assets/upload");
    expect(() => parseEnv({ ASSET_UPLOAD_URL: "ftp://files.example.com/up" })).toThrow(
      /ASSET_UPLOAD_URL: must be the full http\(s\) URL/,
    );
    expect(() => parseEnv({ ASSET_UPLOAD_URL: "https://api.example.com/v1/assets" })).toThrow(
      /UPSTREAM_API_KEY: is required when ASSET_UPLOAD_URL points anywhere but the built-in sandbox/,
    );
    expect(
      parseEnv({ ASSET_UPLOAD_URL: "https://api.example.com/v1/assets", UPSTREAM_API_KEY: "k" })
        .assetUploadUrl,
    ).toBe("https://api.example.com/v1/assets");
  });

  it("defaults to the built-in sandbox on 127.0.0.1:3000 with local data", () => {
    expect(parseEnv({})).toEqual({
      upstreamBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      llmBaseUrl: "http://127.0.0.1:3000/api/sandbox",
      apiKey: SANDBOX_API_KEY,
      usesSandbox: { tasks: true, llm: true },
      databaseUrl: DEFAULT_DATABASE_URL,
      mediaDir: path.resolve("./data/media"),
      mediaMinFreeBytes: 1024 ** 3,
      mediaStore: { kind: "local" },
      port: 3000,
      host: "127.0.0.1",
      publicBaseUrl: null,
      assetUploadUrl: null,
      fetchAllowPrivate: [],
      trackerEnabled: true,
      tracker: {
        pollWorkers: 96,
        downloadWorkers: 16,
        downloadBudgetBytes: 512 * 1024 * 1024,
        pollLeaseMs: 60_000,
        downloadLeaseMs: 180_000,
      },
      allowedHosts: [],
      allowedOrigins: [],
      bodyLimits: { json: 24 * 1024 * 1024, task: 1024 * 1024, upload: 50 * 1024 * 1024 },
      sandboxRequestLog: false,
      sandboxTimeScale: 1,
      webhookRetryScale: 1,
      trackerPollIntervalMs: null,
      development: false,
      auth: {
        enabled: false,
        firstAdmin: null,
        secret: null,
        sessionDays: 7,
        trustedProxies: [],
        secureCookies: false,
        setupCodeRequired: false,
        passwordLogin: true,
        sso: null,
      },
      batchIntervalMs: 500,
      assemblyMaxDurationSec: 600,
      submitRatePerMinute: 30,
      estimateDefaults: { video: 10, image: 2 },
      textRatePerMinute: 60,
      vision: { model: "llm-2.5-flash-lite", describePaceMs: 2000 },
      textTokenPrices: { models: {}, default: { input: 0, output: 0 } },
      auditRetentionDays: 365,
      v1Models: SANDBOX_V1_MAPPING,
      observability: {
        metricsToken: null,
        metricsPort: null,
        otlpEndpoint: null,
        serviceName: "model-studio",
        logLevel: "info",
      },
    });
  });

  it("reads the observability settings and refuses a short metrics token, a clash of ports and an unknown level", () => {
    expect(
      parseEnv({
        METRICS_TOKEN: "0123456789abcdef",
        METRICS_PORT: "9464",
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318/",
        OTEL_SERVICE_NAME: "studio-eu",
        LOG_LEVEL: "DEBUG",
      }).observability,
    ).toEqual({
      metricsToken: "0123456789abcdef",
      metricsPort: 9464,
      otlpEndpoint: "http://127.0.0.1:4318",
      serviceName: "studio-eu",
      logLevel: "debug",
    });
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => parseEnv({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL: must be one of trace, debug/);
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL/,
    );
  });

  it("reads the S3 store's settings, normalising the key prefix", () => {
    const s3 = {
      MEDIA_STORE: "s3",
      S3_BUCKET: "studio-media",
      S3_ENDPOINT: "http://10.0.0.7:9000/",
      S3_REGION: "eu-west-3",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      S3_KEY_PREFIX: "studio/prod",
      S3_PRESIGNED_REDIRECT: "300",
      S3_REQUEST_TIMEOUT_MS: "3000",
    };
    expect(parseEnv(s3).mediaStore).toEqual({
      kind: "s3",
      bucket: "studio-media",
      endpoint: "http://10.0.0.7:9000",
      region: "eu-west-3",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
      keyPrefix: "studio/prod/",
      presignedRedirectSeconds: 300,
      requestTimeoutMs: 3000,
    });
    expect(
      parseEnv({ MEDIA_STORE: "s3", S3_BUCKET: "b-1", S3_PRESIGNED_REDIRECT: "OFF" }).mediaStore,
    ).toEqual({
      kind: "s3",
      bucket: "b-1",
      endpoint: null,
      region: "us-east-1",
      credentials: null,
      forcePathStyle: false,
      keyPrefix: "",
      presignedRedirectSeconds: null,
      requestTimeoutMs: 8000,
    });
  });

  it.each([
    [{ MEDIA_STORE: "s3" }, "S3_BUCKET: is required when MEDIA_STORE=s3"],
    [{ MEDIA_STORE: "gcs" }, 'MEDIA_STORE: must be "local" (MEDIA_DIR) or "s3"'],
    [{ MEDIA_STORE: "s3", S3_BUCKET: "Bad_Bucket" }, "S3_BUCKET: must be a bucket name"],
    [{ S3_ACCESS_KEY_ID: "id" }, "S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID"],
    [{ S3_KEY_PREFIX: "/abs" }, 'S3_KEY_PREFIX: must be a relative key prefix such as "studio/"'],
    [{ S3_KEY_PREFIX: "a/../b" }, "S3_KEY_PREFIX: must be a relative key prefix"],
    [{ S3_PRESIGNED_REDIRECT: "soon" }, 'S3_PRESIGNED_REDIRECT: must be "off" or a number of seconds'],
    [{ S3_PRESIGNED_REDIRECT: "604801" }, 'S3_PRESIGNED_REDIRECT: must be "off" or a number of seconds'],
    [{ S3_FORCE_PATH_STYLE: "yes" }, 'S3_FORCE_PATH_STYLE: must be "1"/"true" or "0"/"false"'],
    [{ S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT: must be an http(s) URL"],
  ])("names the S3 variable and its rule: %j", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("reads FETCH_ALLOW_PRIVATE as a list of http(s) URLs and names a bad entry", () => {
    expect(
      parseEnv({ FETCH_ALLOW_PRIVATE: "http://10.0.0.7:9000/, https://files.lan/media" }).fetchAllowPrivate,
    ).toEqual(["http://10.0.0.7:9000", "https://files.lan/media"]);
    expect(problem({ FETCH_ALLOW_PRIVATE: "http://10.0.0.7:9000,ftp://files.lan" })).toContain(
      "FETCH_ALLOW_PRIVATE.1: must list http(s) URLs",
    );
  });

  it("keeps the spec's real sandbox durations and poll window unless a test asks for faster ones", () => {
    expect(parseEnv({})).toMatchObject({ sandboxTimeScale: 1, trackerPollIntervalMs: null });
    expect(parseEnv({ SANDBOX_TIME_SCALE: "0.4", TRACKER_POLL_INTERVAL_MS: "1000" })).toMatchObject({
      sandboxTimeScale: 0.4,
      trackerPollIntervalMs: 1000,
    });
    expect(problem({ SANDBOX_TIME_SCALE: "2" })).toContain(
      "SANDBOX_TIME_SCALE: must be a number greater than 0 and at most 1",
    );
    expect(problem({ SANDBOX_TIME_SCALE: "0" })).toContain(
      "SANDBOX_TIME_SCALE: must be a number greater than 0 and at most 1",
    );
    expect(problem({ TRACKER_POLL_INTERVAL_MS: "50" })).toContain(
      "TRACKER_POLL_INTERVAL_MS: must be a whole number from 100 to 5000",
    );
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

  it("accepts a SQLite file: or a PostgreSQL DATABASE_URL, and nothing else", () => {
    expect(problem({ DATABASE_URL: "mysql://db.example/studio" })).toBe(
      'Invalid environment configuration:\n  DATABASE_URL: must be a SQLite URL such as "file:./data/studio.db" or a PostgreSQL URL "postgresql://user@host:5432/db"',
    );
    expect(parseEnv({ DATABASE_URL: "file:/tmp/x.db" }).databaseUrl).toBe("file:/tmp/x.db");
    expect(parseEnv({ DATABASE_URL: "postgres://db.example/studio" }).databaseUrl).toBe(
      "postgres://db.example/studio",
    );
    expect(problem({ DATABASE_URL: "postgresql://db.example/studio?connection_limit=0" })).toBe(
      "Invalid environment configuration:\n  DATABASE_URL: connection_limit must be a whole number from 1 to 1000",
    );
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
    expect(
      parseEnv({
        TRACKER_POLL_WORKERS: "200",
        TRACKER_DOWNLOAD_WORKERS: "4",
        TRACKER_DOWNLOAD_BUDGET: "1024mb",
        TRACKER_POLL_LEASE_SECONDS: "10",
        TRACKER_DOWNLOAD_LEASE_SECONDS: "30",
      }).tracker,
    ).toEqual({
      pollWorkers: 200,
      downloadWorkers: 4,
      downloadBudgetBytes: 1024 ** 3,
      pollLeaseMs: 10_000,
      downloadLeaseMs: 30_000,
    });
    expect(() => parseEnv({ TRACKER_DOWNLOAD_LEASE_SECONDS: "2" })).toThrow(
      /TRACKER_DOWNLOAD_LEASE_SECONDS: must be a whole number from 5 to 3600/,
    );
    expect(() => parseEnv({ TRACKER_POLL_WORKERS: "0" })).toThrow(
      /TRACKER_POLL_WORKERS: must be a whole number from 1 to 1024/,
    );
  });

  it("checks the database timeouts and the media store's free-space threshold at start", () => {
    expect(parseEnv({ MEDIA_MIN_FREE_BYTES: "512mb" }).mediaMinFreeBytes).toBe(512 * 1024 ** 2);
    expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "50" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number from 100 to 3600000/,
    );
    expect(() => parseEnv({ DATABASE_CONNECT_TIMEOUT_MS: "soon" })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS: must be a whole number from 100 to 3600000/,
    );
  });

  it("reads ALLOWED_HOSTS and ALLOWED_ORIGINS as comma-separated lists, naming a bad entry", () => {
    expect(parseEnv({ ALLOWED_HOSTS: " Studio.LAN, *.example.com ,,10.0.0.5" }).allowedHosts).toEqual([
      "studio.lan",
      "*.example.com",
      "10.0.0.5",
    ]);
    expect(problem({ ALLOWED_HOSTS: "https://studio.lan" })).toMatch(
      /ALLOWED_HOSTS\.0: each entry must be a host name or address without scheme or port/,
    );
    expect(parseEnv({ ALLOWED_ORIGINS: "https://a.example.com/, http://b.lan:8080" }).allowedOrigins).toEqual(
      ["https://a.example.com", "http://b.lan:8080"],
    );
    expect(problem({ ALLOWED_ORIGINS: "a.example.com" })).toMatch(
      /ALLOWED_ORIGINS\.0: each entry must be an origin/,
    );
  });

  it("reads body limits in bytes or with a unit, and refuses nonsense", () => {
    expect(
      parseEnv({ BODY_LIMIT_BYTES: "30mb", TASK_BODY_LIMIT_BYTES: "512kb", UPLOAD_LIMIT_BYTES: "80mb" })
        .bodyLimits,
    ).toEqual({ json: 30 * 1024 * 1024, task: 512 * 1024, upload: 80 * 1024 * 1024 });
    expect(parseEnv({ TASK_BODY_LIMIT_BYTES: "65536" }).bodyLimits.task).toBe(65536);
    expect(problem({ BODY_LIMIT_BYTES: "lots" })).toMatch(/BODY_LIMIT_BYTES: must be a size in bytes/);
    expect(problem({ TASK_BODY_LIMIT_BYTES: "10" })).toMatch(/TASK_BODY_LIMIT_BYTES: must be at least 1kb/);
  });

  it("serves the sandbox's request log only when SANDBOX_REQUEST_LOG=1", () => {
    expect(parseEnv({}).sandboxRequestLog).toBe(false);
    expect(parseEnv({ SANDBOX_REQUEST_LOG: "1" }).sandboxRequestLog).toBe(true);
    expect(problem({ SANDBOX_REQUEST_LOG: "yes" })).toMatch(/SANDBOX_REQUEST_LOG/);
  });

  it("takes BATCH_INTERVAL_MS as whole milliseconds up to ten minutes", () => {
    expect(parseEnv({ BATCH_INTERVAL_MS: "2500" }).batchIntervalMs).toBe(2500);
    expect(parseEnv({ BATCH_INTERVAL_MS: "0" }).batchIntervalMs).toBe(0);
    for (const bad of ["-1", "1.5", "fast", "600001"])
      expect(problem({ BATCH_INTERVAL_MS: bad })).toMatch(
        /BATCH_INTERVAL_MS: must be a whole number of milliseconds from 0 to 600000/,
      );
  });

  it("takes SUBMIT_RATE_PER_MINUTE as a whole number, 0 for no limit", () => {
    expect(parseEnv({ SUBMIT_RATE_PER_MINUTE: "5" }).submitRatePerMinute).toBe(5);
    expect(parseEnv({ SUBMIT_RATE_PER_MINUTE: "0" }).submitRatePerMinute).toBe(0);
    for (const bad of ["-1", "2.5", "many", "10001"])
      expect(problem({ SUBMIT_RATE_PER_MINUTE: bad })).toMatch(
        /SUBMIT_RATE_PER_MINUTE: must be a whole number from 0 to 10000 \(0 = no limit\)/,
      );
  });

  it("takes the estimate defaults per kind as credits greater than 0 (issue 18: never 0)", () => {
    expect(parseEnv({}).estimateDefaults).toEqual({ video: 10, image: 2 });
    expect(
      parseEnv({ ESTIMATE_DEFAULT_VIDEO_CREDITS: "4.5", ESTIMATE_DEFAULT_IMAGE_CREDITS: "0.5" })
        .estimateDefaults,
    ).toEqual({ video: 4.5, image: 0.5 });
    for (const bad of ["0", "-1", "lots"])
      expect(problem({ ESTIMATE_DEFAULT_VIDEO_CREDITS: bad })).toMatch(
        /ESTIMATE_DEFAULT_VIDEO_CREDITS: must be a number of credits greater than 0/,
      );
  });

  it("reads the v1 family mapping from V1_FAMILIES_FILE; the sandbox has demo families; a bad file is named", () => {
    expect(parseEnv({}).v1Models.map((m) => m.path)).toContain("family-a");
    const real = { UPSTREAM_BASE_URL: "https://api.example.com", UPSTREAM_API_KEY: "k" };
    expect(parseEnv(real).v1Models).toEqual([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "v1-env-"));
    const file = path.join(dir, "v1.json");
    fs.writeFileSync(
      file,
      JSON.stringify({ families: [{ family: "B", path: "pv", models: [{ id: "pv-1", variant: "pro" }] }] }),
    );
    expect(parseEnv({ ...real, V1_FAMILIES_FILE: file }).v1Models).toEqual([
      { family: "B", path: "pv", variant: "pro", id: "pv-1" },
    ]);
    expect(problem({ V1_FAMILIES_FILE: path.join(dir, "missing.json") })).toMatch(
      /V1_FAMILIES_FILE: cannot read .*missing\.json \(ENOENT\)/,
    );
    fs.writeFileSync(
      file,
      JSON.stringify({ families: [{ family: "B", path: "pv", models: [{ id: "pv-1", variant: "slow" }] }] }),
    );
    expect(problem({ V1_FAMILIES_FILE: file })).toMatch(
      /"slow" is not a variant of family B; use one of pro, turbo/,
    );
    fs.rmSync(dir, { recursive: true });
  });

  describe("accounts", () => {
    it("are off on loopback unless AUTH=on", () => {
      expect(parseEnv({}).auth.enabled).toBe(false);
      expect(parseEnv({ HOST: "localhost" }).auth.enabled).toBe(false);
      expect(parseEnv({ AUTH: "on" }).auth.enabled).toBe(true);
      expect(parseEnv({ AUTH: " ON " }).auth.enabled).toBe(true);
      expect(problem({ AUTH: "yes" })).toMatch(/AUTH: must be "on" or "off"/);
    });

    it.each(["0.0.0.0", "::", "192.168.1.20", "studio.lan"])(
      "are required when HOST=%s listens beyond loopback",
      (host) => {
        expect(parseEnv({ HOST: host }).auth).toMatchObject({ enabled: true, setupCodeRequired: true });
        const message = problem({ HOST: host, AUTH: "off" });
        expect(message).toMatch(/^Invalid environment configuration:\n {2}AUTH: cannot be "off" while HOST=/);
        expect(message).toContain(`HOST=${host}`);
      },
    );

    it("ask for the setup code once the studio is reachable by other names", () => {
      expect(parseEnv({ AUTH: "on" }).auth.setupCodeRequired).toBe(false);
      expect(parseEnv({ AUTH: "on", ALLOWED_HOSTS: "studio.lan" }).auth.setupCodeRequired).toBe(true);
      expect(parseEnv({ AUTH: "on", PUBLIC_BASE_URL: "https://studio.example.com" }).auth).toMatchObject({
        setupCodeRequired: true,
        secureCookies: true,
      });
      expect(parseEnv({ PUBLIC_BASE_URL: "http://studio.lan" }).auth.secureCookies).toBe(false);
    });

    it("take the first admin from ADMIN_EMAIL and ADMIN_PASSWORD, both or neither", () => {
      expect(
        parseEnv({ ADMIN_EMAIL: " Root@Example.com ", ADMIN_PASSWORD: "long enough pw" }).auth.firstAdmin,
      ).toEqual({ email: "root@example.com", password: "long enough pw" });
      expect(problem({ ADMIN_EMAIL: "root@example.com" })).toMatch(
        /ADMIN_PASSWORD: is required with ADMIN_EMAIL/,
      );
      expect(problem({ ADMIN_PASSWORD: "long enough pw" })).toMatch(
        /ADMIN_EMAIL: is required with ADMIN_PASSWORD/,
      );
      expect(problem({ ADMIN_EMAIL: "root", ADMIN_PASSWORD: "long enough pw" })).toMatch(
        /ADMIN_EMAIL: must be an e-mail address/,
      );
      expect(problem({ ADMIN_EMAIL: "root@example.com", ADMIN_PASSWORD: "short" })).toMatch(
        /ADMIN_PASSWORD: must be at least 10 characters/,
      );
    });

    it("read AUTH_SECRET (32+ characters) and SESSION_DAYS (1–365)", () => {
      expect(problem({ AUTH_SECRET: "short" })).toMatch(/AUTH_SECRET: must be at least 32 characters/);
      expect(parseEnv({ AUTH_SECRET: "x".repeat(32), SESSION_DAYS: "30" }).auth).toMatchObject({
        secret: "x".repeat(32),
        sessionDays: 30,
      });
      expect(problem({ SESSION_DAYS: "0" })).toMatch(/SESSION_DAYS/);
    });

    it("read TRUSTED_PROXIES as addresses and CIDR ranges", () => {
      expect(
        parseEnv({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8,::1, fd00::/8" }).auth.trustedProxies,
      ).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]);
      for (const bad of ["nginx", "10.0.0.0/33", "::1/129", "10.0.0.1/8/1", "10.0.0.0/x"]) {
        expect(problem({ TRUSTED_PROXIES: bad })).toMatch(
          /TRUSTED_PROXIES\.0: each entry must be an IP address or CIDR range/,
        );
      }
    });
  });
});

describe("VISION_MODEL", () => {
  it("must be a catalogue text model, named in the error", () => {
    expect(() => parseEnv({ VISION_MODEL: "gpt-vision" })).toThrow(
      /VISION_MODEL.*must be a text model of the catalogue/s,
    );
    expect(parseEnv({ VISION_MODEL: "llm-3-flash-preview-low" }).vision.model).toBe(
      "llm-3-flash-preview-low",
    );
  });
});
