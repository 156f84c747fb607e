import { expect, type Locator, type Page } from "@playwright/test";

/** The gallery (/gallery) as a user sees it: filters, the grid, bulk actions, the detail view. */
export class GalleryPage {
  readonly search: Locator;
  readonly grid: Locator;
  readonly cards: Locator;
  readonly total: Locator;
  readonly bulkBar: Locator;
  readonly detail: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByTestId("gallery-search");
    this.grid = page.getByTestId("gallery-grid");
    this.cards = page.getByTestId("gallery-card");
    this.total = page.getByTestId("gallery-total");
    this.bulkBar = page.getByTestId("bulk-bar");
    this.detail = page.getByTestId("detail-dialog");
    this.confirm = page.getByTestId("confirm-dialog");
  }

  async goto(query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(search ? `/gallery?${search}` : "/gallery");
    await expect(this.page.getByRole("heading", { name: "Gallery" })).toBeVisible();
  }

  card(id: string): Locator {
    return this.page.locator(`[data-testid="gallery-card"][data-item-id="${id}"]`);
  }

  /** Ids of the cards on screen, in grid order. */
  async cardIds(): Promise<string[]> {
    return this.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-item-id") ?? ""));
  }

  async expectCards(ids: string[]) {
    await expect.poll(() => this.cardIds(), { message: "cards in the grid" }).toEqual(ids);
  }

  async searchFor(text: string) {
    await this.search.fill(text);
    const encoded = new URLSearchParams({ q: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(this.page).toHaveURL(new RegExp(`[?&]${encoded}(&|$)`));
  }

  async open(id: string) {
    await this.card(id).getByRole("button", { name: /^Open/ }).click();
    await expect(this.detail).toBeVisible();
    await expect(this.page).toHaveURL(new RegExp(`[?&]item=${id}`));
  }

  async select(id: string, modifiers: ("Shift" | "Control")[] = []) {
    await this.card(id).hover();
    await this.card(id).getByTestId("select-item").click({ modifiers });
  }

  param(name: string): Locator {
    return this.detail.locator(`[data-param="${name}"]`);
  }
}
