import { expect, type Locator, type Page } from "@playwright/test";

/** The chat page as a user drives it. */
export class ChatPage {
  readonly input: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly fileInput: Locator;
  readonly messages: Locator;
  readonly modelMessages: Locator;
  readonly userMessages: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId("composer-input");
    this.sendButton = page.getByTestId("send-button");
    this.stopButton = page.getByTestId("stop-button");
    this.fileInput = page.getByTestId("file-input");
    this.messages = page.getByTestId("message");
    this.modelMessages = page.locator('[data-testid="message"][data-role="model"]');
    this.userMessages = page.locator('[data-testid="message"][data-role="user"]');
  }

  async newChat() {
    await this.page.goto("/chat");
    await expect(this.page.getByTestId("empty-thread")).toBeVisible();
  }

  /** Types and sends with Enter; waits until the studio has stored the conversation (URL has its id). */
  async send(text: string) {
    await this.input.fill(text);
    await this.input.press("Enter");
    await this.page.waitForURL(/\/chat\/[\w-]+$/);
  }

  lastAnswer(): Locator {
    return this.modelMessages.last();
  }

  answerText(answer: Locator = this.lastAnswer()): Locator {
    return answer.getByTestId("message-text");
  }

  async waitForAnswer(status = "complete") {
    await expect(this.lastAnswer()).toHaveAttribute("data-status", status, { timeout: 30_000 });
    await this.waitForMarkdown();
  }

  /** The markdown renderer loads after the page; until then answers show as plain text. */
  async waitForMarkdown() {
    await expect(this.page.locator('[data-markdown="pending"]')).toHaveCount(0, { timeout: 15_000 });
  }

  conversationId(): string {
    return new URL(this.page.url()).pathname.split("/").pop() ?? "";
  }
}
