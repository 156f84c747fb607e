/**
 * GET /api/spend through the real handler, accounts on: a range it cannot report is refused on
 * `from`, naming the rule by code (the spend page words it in its language).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { apiTestDb, type ApiTestDb, type RouteHandler, type SignedIn } from "@/lib/testing/api-test-db";

let testDb: ApiTestDb;
let GET: RouteHandler;
let ada: SignedIn;

beforeAll(async () => {
  testDb = apiTestDb({ AUTH_SECRET: "spend-route-test-secret-spend-route-0123" });
  ada = await signedInUser("ada@example.com");
  ({ GET } = (await import("./route")) as unknown as { GET: RouteHandler });
});
afterAll(() => testDb?.close());

async function refusal(query: string) {
  const response = await GET(new Request(`http://127.0.0.1/api/spend?${query}`, { headers: ada.headers }));
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as {
    error: { issues: { path: string; message: string; code: string; params: Record<string, unknown> }[] };
  };
  expect(error.issues).toHaveLength(1);
  return error.issues[0];
}

describe("GET /api/spend", () => {
  it("answers a report for a range it can cover", async () => {
    const response = await GET(
      new Request("http://127.0.0.1/api/spend?from=2026-01-01&to=2026-01-31", { headers: ada.headers }),
    );
    expect(response.status).toBe(200);
  });

  it("refuses a range backwards, longer than a year, or a day that is not one", async () => {
    const backwards = await refusal("from=2026-02-01&to=2026-01-01");
    expect(backwards).toMatchObject({ path: "from", code: "not_after", params: { other: "to" } });
    expect(inChinese(backwards, "开始日期")).toBe("开始日期不能晚于 to");
    const long = await refusal("from=2024-01-01&to=2026-01-01");
    expect(long).toMatchObject({
      path: "from",
      message: "the range can be at most 366 days",
      code: "max_days",
      params: { max: 366 },
    });
    expect(inChinese(long)).toBe("时间范围最多 366 天");
    const notADay = await refusal("from=2026-02-30&to=2026-03-01");
    expect(notADay).toMatchObject({ path: "from", code: "invalid_format", params: { format: "date" } });
    expect(inChinese(notADay)).toBe("不是有效的日期（YYYY-MM-DD）");
  });
});
