import { describe, expect, it } from "vitest";
import { consoleLog, createLogger, REDACTED, scrubSecrets, withRequestContext } from "./log";

function capture(level = "debug") {
  const lines: string[] = [];
  const logger = createLogger((line) => void lines.push(line), level);
  return {
    logger,
    lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    raw: lines,
  };
}

describe("structured logs", () => {
  it("writes one JSON object a line, with the request's id, user, route and method while it runs", () => {
    const { logger, lines } = capture();
    withRequestContext({ requestId: "req-1", route: "/api/tasks/[id]", method: "GET", userId: "u1" }, () =>
      logger.info({ status: 200, durationMs: 12 }, "request"),
    );
    logger.info("outside");
    const [inside, outside] = lines();
    expect(inside).toMatchObject({
      level: "info",
      msg: "request",
      requestId: "req-1",
      userId: "u1",
      route: "/api/tasks/[id]",
      method: "GET",
      status: 200,
      durationMs: 12,
    });
    expect(typeof inside.time).toBe("string");
    expect(outside.requestId).toBeUndefined();
  });

  it("writes nothing below its level", () => {
    const { logger, raw } = capture("warn");
    logger.info("quiet");
    logger.warn("loud");
    expect(raw).toHaveLength(1);
  });

  it("redacts credential fields and scrubs the configured secrets and token shapes from every line", () => {
    const lines: string[] = [];
    const logger = createLogger((line) => void lines.push(line), "debug");
    const key = "sk-upstream-live-key-42";
    const scrubbed = (text: string) => scrubSecrets(text, [key]);
    logger.info(
      {
        headers: {
          authorization: "Bearer abc.def",
          cookie: "better-auth.session_token=xyz",
          "set-cookie": "a=b",
        },
        apiKey: key,
        nested: { password: "hunter22", token: "t0k3n" },
      },
      "sent",
    );
    const line = scrubbed(lines[0]);
    for (const secret of ["abc.def", "xyz", "hunter22", "t0k3n", key]) expect(line).not.toContain(secret);
    expect(line).toContain(REDACTED);
    expect(
      scrubbed(
        `upstream said: bad key ${key}; Authorization: Bearer ${key}; token mst_AbCdEf123456 ?sig=s3cr3t&x=1`,
      ),
    ).toBe(
      `upstream said: bad key ${REDACTED}; Authorization: Bearer ${REDACTED}; token mst_${REDACTED} ?sig=${REDACTED}&x=1`,
    );
  });

  it("takes console's calling convention: words join into the message, an Error goes to err", () => {
    const { logger, lines } = capture();
    const log = consoleLog(() => logger);
    log.error("[tracker] a job failed:", new Error("database is locked"));
    log.warn("[faults]", "media store unavailable", { dependency: "media store" });
    const [error, warn] = lines();
    expect(error).toMatchObject({ level: "error", msg: "[tracker] a job failed:" });
    expect(error.err).toMatchObject({ type: "Error", message: "database is locked" });
    expect(warn).toMatchObject({
      level: "warn",
      msg: "[faults] media store unavailable",
      dependency: "media store",
    });
  });
});
