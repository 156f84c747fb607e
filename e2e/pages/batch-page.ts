import { expect, type Locator, type Page } from "@playwright/test";

/** The studio form's Batch section and the batch page (/batches/[id]) as a user sees them. */
export class BatchPage {
  readonly section: Locator;
  readonly variations: Locator;
  readonly errors: Locator;
  readonly items: Locator;
  readonly results: Locator;
  readonly counts: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByTestId("batch-section");
    this.variations = this.section.getByRole("textbox", { name: "Variations" });
    this.errors = page.getByTestId("batch-errors");
    this.items = page.getByTestId("batch-item");
    this.results = page.getByTestId("batch-result");
    this.counts = page.getByTestId("batch-counts");
  }

  /** Ticks models in "Also run on…" and closes the list. */
  async alsoRunOn(...ids: string[]) {
    await this.section.getByTestId("batch-add-model").click();
    for (const id of ids) {
      await this.page.getByRole("textbox", { name: "Search models to also run on" }).fill(id);
      await this.page.getByRole("checkbox", { name: id, exact: true }).check();
    }
    await this.page.keyboard.press("Escape");
    for (const id of ids) await expect(this.panel(id)).toBeVisible();
  }

  /** The per-model panel of one of the other models. */
  panel(id: string): Locator {
    return this.page.getByTestId(`batch-model-${id}`);
  }

  /** The batch id from the page URL (/batches/<id>) once the batch page has opened. */
  async openedBatchId(): Promise<string> {
    await expect(this.page).toHaveURL(/\/batches\/[^/?#]+$/, { timeout: 30_000 });
    return decodeURIComponent(new URL(this.page.url()).pathname.split("/").pop()!);
  }

  item(model: string, variation: number): Locator {
    return this.page.getByRole("article", { name: `${model} variation ${variation}` });
  }
}
