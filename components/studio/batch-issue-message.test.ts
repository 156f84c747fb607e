import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { PlanIssue } from "@/lib/batches/plan";
import type { BatchRequestInput } from "@/lib/batches/request-schema";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { batchIssueMessage } from "./batch-issue-message";
import { planInBrowser } from "./batch-plan";

const messages = zhCN as typeof en;
const zhPlan = createTranslator({ locale: "zh-CN", messages, namespace: "batchPlanIssues" });
const zhIssues = createTranslator({ locale: "zh-CN", messages, namespace: "issues" });
const enPlan = createTranslator({ locale: "en", messages: en, namespace: "batchPlanIssues" });
const enIssues = createTranslator({ locale: "en", messages: en, namespace: "issues" });

const zh = (issue: Parameters<typeof batchIssueMessage>[3], label?: string) =>
  batchIssueMessage(zhPlan, zhIssues, "zh-CN", issue, label);

/** The batch's problems as the form plans them before anything is sent. */
function issuesOf(request: BatchRequestInput): PlanIssue[] {
  const plan = planInBrowser(request);
  if (plan.ok) throw new Error("expected the plan to be refused");
  return plan.issues;
}

describe("a batch's problems in the page's language", () => {
  it("words a model's field rule behind its model and variations, naming the field by its label", () => {
    const [duration] = issuesOf({
      models: ["sd_2.5_ORelay", "sd2_disc_nvid"],
      body: { prompt: "a fox", duration: 20 },
      variations: 2,
    });
    expect(zh(duration, "时长（秒）")).toBe(
      "sd2_disc_nvid #1–2 · 时长（秒）须为 4 到 15 之间的整数（当前为 20）",
    );
    // Inside that model's own panel: the rule without the model.
    expect(batchIssueMessage(zhPlan, zhIssues, "zh-CN", duration, "时长（秒）", { withPlace: false })).toBe(
      "时长（秒）须为 4 到 15 之间的整数（当前为 20）",
    );
    // English keeps the plan's own line.
    expect(batchIssueMessage(enPlan, enIssues, "en", duration, "Duration (seconds)")).toBe(
      "sd2_disc_nvid #1–2 · duration: must be an integer between 4 and 15 (got 20)",
    );
  });

  it("names an explicit item by its position", () => {
    const [prompt] = issuesOf({
      items: [
        { model: "sd_2.5_ORelay", prompt: "ok" },
        { model: "sd_2.5_ORelay", prompt: "" },
      ],
    });
    expect(zh(prompt, "提示词")).toBe("第 2 项（sd_2.5_ORelay） · 提示词不能为空");
  });

  it("words the plan's own checks from the codes the server answers too", () => {
    const [unused] = issuesOf({ models: ["sd_2.5_ORelay"], body: { prompt: "x", durations: 5 } });
    expect(unused).toMatchObject({ code: "batch_field_unused", params: { models: ["sd_2.5_ORelay"] } });
    expect(zh(unused)).toBe("此批量任务中没有模型使用字段 durations（模型：sd_2.5_ORelay）");

    const [unavailable] = issuesOf({
      models: ["sd_2.5_ORelay", "videos_30_10_10_c4"],
      body: { prompt: "x" },
    });
    expect(unavailable).toMatchObject({
      code: "batch_model_unavailable",
      params: { reason: "brand_model_missing" },
    });
    expect(zh(unavailable)).toBe("videos_30_10_10_c4 · 上游没有为你的账户提供此模型，只能查看、不能调用");
  });

  it("words the batch request's own rules, naming its fields", () => {
    const twice = issuesOf({ models: ["sd_2.5_ORelay", "sd_2.5_ORelay"], body: { prompt: "x" } });
    expect(twice.map((i) => zh(i))).toEqual(["sd_2.5_ORelay 出现了两次；要多次运行请增加变体数"]);

    const many = issuesOf({ models: ["a", "b", "c", "d", "e"], body: { prompt: "x" }, variations: 50 });
    expect(many.map((i) => zh(i))).toEqual(["5 × 50 = 250 个任务；一个批量任务最多 200 个"]);

    const onlyWithModels = issuesOf({ items: [{ model: "sd_2.5_ORelay", prompt: "x" }], body: {} });
    expect(onlyWithModels.map((i) => zh(i))).toEqual(["共用参数只在给出模型列表时使用"]);

    // A catalog-style rule on a field of the batch request: the field by its name in the language.
    const [variations] = issuesOf({ models: ["sd_2.5_ORelay"], body: { prompt: "x" }, variations: 51 });
    expect(variations).toMatchObject({ code: "too_large", params: { max: 50 } });
    expect(zh(variations)).toBe("变体数不能大于 50");
  });

  it("words an issue the server answered (a path, no model), and keeps the English line for a rule it cannot word", () => {
    expect(
      zh({
        path: "body.duration",
        message: "sd2_disc_nvid #1–2 · duration: must be an integer between 4 and 15 (got 20)",
        code: "range",
        params: { min: 4, max: 15, got: 20 },
      }),
    ).toBe("body.duration须为 4 到 15 之间的整数（当前为 20）");
    const unknown = {
      path: "body.x",
      message: "item 1 (m) · x: a rule with no code",
      code: "invalid",
      params: {},
    };
    expect(zh(unknown)).toBe(unknown.message);
  });
});
