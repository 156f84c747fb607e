/**
 * The log during an outage: requests that meet the database down through a refusing TCP proxy
 * (the real PostgreSQL behind it) make one line when it goes down, none per further request, and
 * one when the watch finds it answering again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb, type Db } from "../db-client";
import { startFaultProxy, type FaultProxy } from "../testing/fault-proxy";
import { setEnv } from "../testing/env-vars";
import { testPostgresAdminUrl } from "../testing/postgres-test-server";
import { dependencyAnswers } from "./check-dependencies";
import { dependencyFault } from "./dependency-fault";
import { DependencyStates } from "./dependency-state";
import { FaultWatch } from "./fault-watch";

let proxy: FaultProxy;
let db: Db;
const lines: string[] = [];
const log = {
  info: (text: string) => void lines.push(text),
  warn: (text: string) => void lines.push(text),
};

beforeAll(async () => {
  const server = new URL(testPostgresAdminUrl());
  proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const restore = setEnv({ DATABASE_CONNECT_TIMEOUT_MS: "500" });
  db = createDb(proxy.via(testPostgresAdminUrl()));
  restore();
});

afterAll(async () => {
  await db?.$disconnect();
  await proxy?.close();
});

it("logs an outage when it begins and when it ends, not once per request", async () => {
  const states = new DependencyStates(log);
  const watch = new FaultWatch({
    states,
    log,
    recheckMs: 100,
    answers: (dependency) =>
      dependencyAnswers(dependency, {
        db,
        mediaStore: { kind: "local" } as never,
        mediaDir: "",
        mediaMinFreeBytes: 0,
        lastUpstreamError: null,
        now: Date.now,
      }),
  });
  try {
    await db.$queryRaw`SELECT 1`;
    proxy.set("refuse");
    const began: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await db.$queryRaw`SELECT 1`.then(
        () => null,
        (e: unknown) => e,
      );
      const fault = dependencyFault(error);
      expect(fault).toMatchObject({ dependency: "database" });
      began.push(watch.fault(fault!));
    }
    expect(began).toEqual([true, false, false, false, false]);
    expect(lines.filter((l) => l.startsWith("[faults] database unavailable"))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("[health] database is down"))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((l) => l.includes("is back"))).toHaveLength(0);

    proxy.set("pass");
    const deadline = Date.now() + 5_000;
    while (!lines.some((l) => l.includes("is back")) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((l) => l.startsWith("[health] database is back"))).toHaveLength(1);
    expect(watch.count("database")).toBe(5);
    expect(states.record("database", "ok", "Answers queries.", Date.now()).status).toBe("ok");
  } finally {
    watch.stop();
  }
});
