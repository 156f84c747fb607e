import { expect, type Locator, type Page } from "@playwright/test";

/** The studio page (/) as a user sees it: model picker, generated form, task panel, recent tasks. */
export class StudioPage {
  readonly picker: Locator;
  readonly form: Locator;
  readonly prompt: Locator;
  readonly submit: Locator;
  readonly panel: Locator;
  readonly status: Locator;
  readonly video: Locator;
  readonly image: Locator;
  readonly recent: Locator;

  constructor(readonly page: Page) {
    this.picker = page.getByTestId("model-picker");
    this.form = page.getByTestId("task-form");
    this.prompt = this.form.getByRole("textbox", { name: "Prompt", exact: true });
    this.submit = page.getByTestId("submit-task");
    this.panel = page.getByTestId("task-panel");
    this.status = page.getByTestId("task-status");
    this.video = page.getByTestId("task-video");
    this.image = page.getByTestId("task-image");
    this.recent = page.getByTestId("recent-tasks");
  }

  async goto(query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(search ? `/?${search}` : "/");
    await expect(this.form).toBeVisible();
  }

  /** Opens the picker, searches for the id and clicks its option. */
  async selectModel(id: string) {
    await this.picker.click();
    await this.page.getByRole("combobox", { name: /search models/i }).fill(id);
    await this.page.locator(`[role="option"][data-model-id="${id}"]`).click();
    await expect(this.picker).toContainText(id);
    await expect(this.page).toHaveURL(
      new RegExp(`[?&]model=${encodeURIComponent(id).replace(/\./g, "\\.")}`),
    );
  }

  /** A generated text or number input by its accessible name (its label). */
  textbox(name: string): Locator {
    return this.form.getByRole("textbox", { name, exact: true });
  }

  select(name: string): Locator {
    return this.form.getByRole("combobox", { name, exact: true });
  }

  switch(name: string): Locator {
    return this.form.getByRole("switch", { name, exact: true });
  }

  /** The error line under a param's control. */
  fieldError(param: string): Locator {
    return this.page.getByTestId(`error-param-${param.replace(/\./g, "-")}`);
  }

  /** The non-blocking notices under a param's field as a whole (not those under one of its rows). */
  fieldNotices(param: string): Locator {
    return this.page.getByTestId(`notices-param-${param.replace(/\./g, "-")}`);
  }

  async addMediaUrl(label: string, url: string) {
    const rows = this.form.getByRole("group", { name: label });
    await rows.getByRole("button", { name: /^\+?\s*Add/ }).click();
    await rows.getByRole("textbox").last().fill(url);
  }

  /** The id of the task open in the panel, from the URL (?task=<id>). */
  async openTaskId(): Promise<string> {
    await expect(this.page).toHaveURL(/[?&]task=/);
    return new URL(this.page.url()).searchParams.get("task")!;
  }

  /**
   * Every percentage the panel shows while the task runs, in the order seen, sampled until the
   * task leaves processing (the panel then hides the bar).
   */
  async progressValuesUntilDone(timeout = 60_000): Promise<number[]> {
    const seen: number[] = [];
    const progress = this.panel.getByTestId("task-progress");
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      const status = (await this.status.textContent())?.trim();
      if (status === "completed" || status === "failed") return seen;
      const match = /(\d+)%/.exec((await progress.textContent({ timeout: 1_000 }).catch(() => "")) ?? "");
      if (match && Number(match[1]) !== seen.at(-1)) seen.push(Number(match[1]));
      await this.page.waitForTimeout(250);
    }
    throw new Error(`the task did not finish within ${timeout} ms (progress seen: ${seen.join(", ")})`);
  }

  async waitForStatus(status: string, timeout = 60_000) {
    await expect(this.status).toHaveText(status, { timeout });
  }
}
