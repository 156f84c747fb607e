import { expect, type Locator, type Page } from "@playwright/test";

/** The asset library page (/assets): add forms and the list of registry entries. */
export class AssetsPage {
  readonly recordForm: Locator;
  readonly uploadForm: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.recordForm = page.getByTestId("record-asset-form");
    this.uploadForm = page.getByTestId("upload-asset-form");
    this.list = page.getByTestId("asset-list");
  }

  async goto() {
    await this.page.goto("/assets");
    await expect(this.page.getByRole("heading", { name: "Asset library" })).toBeVisible();
  }

  /** Records an id the user already has, as the add form does. */
  async record(entry: {
    assetId: string;
    label: string;
    kind?: string;
    review?: string;
    preview?: { name: string; mimeType: string; buffer: Buffer };
  }) {
    const form = this.recordForm;
    await form.getByLabel("Asset id").fill(entry.assetId);
    await form.getByLabel("Label").fill(entry.label);
    if (entry.kind) await form.getByLabel("Kind").selectOption(entry.kind);
    if (entry.review) await form.getByLabel("Review state").selectOption({ label: entry.review });
    if (entry.preview) await form.getByLabel("…or a preview file").setInputFiles(entry.preview);
    await form.getByRole("button", { name: "Record asset" }).click();
    await expect(form.getByRole("status")).toHaveText(`Recorded assetId://${entry.assetId}.`);
  }

  card(assetId: string): Locator {
    return this.page.locator(`[data-testid="asset-card"][data-asset-id="${assetId}"]`);
  }
}
