// `npm run sandbox`: the sandbox upstream as its own service, a stand-in for a real Model Task
// Service. Point the studio at it with UPSTREAM_BASE_URL / UPSTREAM_LLM_BASE_URL (any API key).
import { parseArgs } from "node:util";
import fs from "node:fs";
import { installV1Mapping, parseV1Mapping } from "../lib/catalog/v1";
import { startSandboxServer } from "../lib/sandbox";

const usage = `Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--ttl 600] [--request-log]
  --port         listen port (env SANDBOX_PORT; 0 = any free port)       default 4010
  --host         listen address (env SANDBOX_HOST)                        default 127.0.0.1
  --ttl          result URL lifetime in seconds (env SANDBOX_URL_TTL)     default 600
  --request-log  serve GET/DELETE /_requests, every body received (tests only)
V1_FAMILIES_FILE  the studio's v1 family mapping; without it the demo families family-a … family-e`;

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    ttl: { type: "string" },
    "request-log": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max} (got "${raw}").\n\n${usage}`);
    process.exit(2);
  }
  return value;
}

const port = integer("--port / SANDBOX_PORT", values.port ?? process.env.SANDBOX_PORT, 4010, 0, 65535);
const ttl = integer(
  "--ttl / SANDBOX_URL_TTL",
  values.ttl ?? process.env.SANDBOX_URL_TTL,
  600,
  1,
  7 * 24 * 3600,
);
const host = values.host ?? process.env.SANDBOX_HOST ?? "127.0.0.1";

const exposeRequestLog = values["request-log"] ?? false;
// The studio's v1 mapping, so a studio pointed here finds the same families (else the demo ones).
const v1File = process.env.V1_FAMILIES_FILE?.trim();
if (v1File) {
  try {
    installV1Mapping(parseV1Mapping(fs.readFileSync(v1File, "utf8"), `V1_FAMILIES_FILE ${v1File}`));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

const server = await startSandboxServer({ port, host, resultUrlTtlSeconds: ttl, exposeRequestLog }).catch(
  (error: Error) => {
    console.error(`Cannot start the sandbox on ${host}:${port}: ${error.message}`);
    process.exit(1);
  },
);
console.log(`Sandbox upstream listening on ${server.url}
  task API   POST ${server.url}/v2/model-center/tasks, GET …/tasks/{id}
  text API   POST ${server.url}/v1/models/{model}:generateContent | :streamGenerateContent
  log        ${exposeRequestLog ? `GET/DELETE ${server.url}/_requests` : "off (--request-log serves it)"}
  triggers   [fail] [fast] [ttl=N] in a prompt; result URLs live ${ttl} s after completion`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
