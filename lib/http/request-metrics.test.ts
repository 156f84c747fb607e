import { describe, expect, it } from "vitest";
import { routePattern } from "./request-metrics";

describe("routePattern", () => {
  it.each([
    ["/api/tasks", {}, "/api/tasks"],
    ["/api/tasks/t-123", { id: "t-123" }, "/api/tasks/[id]"],
    [
      "/api/s/tok/items/t-9/comments",
      { token: "tok", taskId: "t-9" },
      "/api/s/[token]/items/[taskId]/comments",
    ],
    // an id equal to a static segment: the later segment is the param
    ["/api/tasks/tasks", { id: "tasks" }, "/api/tasks/[id]"],
    [
      "/api/sandbox/v2/model-center/tasks",
      { path: ["v2", "model-center", "tasks"] },
      "/api/sandbox/[...path]",
    ],
    ["/api/media/a%20b", { id: "a b" }, "/api/media/[id]"],
    ["/metrics", {}, "/metrics"],
  ])("%s → its file's pattern", (pathname, params, pattern) => {
    expect(routePattern(pathname, params)).toBe(pattern);
  });
});
