"use client";

import { MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";
import type { TextModelFamily } from "@/lib/catalog";
import { DEFAULT_TITLE } from "@/lib/chat/default-title";
import type { ConversationView } from "@/lib/chat/types";
import { Button } from "@/components/ui/button";
import { ModelSelect } from "./model-select";

/** Title, model, the running token total of the answers in the thread, and the settings toggle. */
export function ThreadHeader({
  title,
  model,
  families,
  usage,
  onModel,
  modelDisabled,
  settingsOpen,
  onToggleSettings,
  onShowList,
}: {
  title: string;
  model: string;
  families: readonly TextModelFamily[];
  usage: ConversationView["usage"] | null;
  onModel: (model: string) => void;
  modelDisabled: boolean;
  settingsOpen: boolean;
  onToggleSettings: () => void;
  /** Below 1024 px, where the conversation list is not beside the thread. */
  onShowList: () => void;
}) {
  const t = useTranslations("chat");
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-800 px-2 py-2.5 sm:px-4">
      <Button
        size="sm"
        variant="ghost"
        onClick={onShowList}
        className="lg:hidden"
        data-testid="show-conversations"
      >
        <MessagesSquare aria-hidden className="size-4" />
        <span className="sr-only">{t("header.conversations")}</span>
      </Button>
      <h1
        className="min-w-0 flex-1 truncate text-sm font-semibold"
        data-testid="conversation-title"
        data-user-text={title !== DEFAULT_TITLE || undefined}
      >
        {title === DEFAULT_TITLE ? t("newChat") : title}
      </h1>
      {usage && usage.totalTokenCount > 0 && (
        // Summed over the answers still in the thread: a regenerated or edited-away answer no longer counts.
        <span
          className="shrink-0 text-xs whitespace-nowrap text-zinc-400"
          data-testid="conversation-usage"
          title={t("header.usageTitle", {
            prompt: usage.promptTokenCount,
            output: usage.candidatesTokenCount,
          })}
        >
          {t("header.usage", { total: usage.totalTokenCount })}
        </span>
      )}
      {/* On a phone the model takes a row of its own, under the title and the buttons. */}
      <div className="order-last w-full sm:order-none sm:w-auto">
        <ModelSelect families={families} value={model} onChange={onModel} disabled={modelDisabled} />
      </div>
      <Button
        size="sm"
        variant={settingsOpen ? "primary" : "secondary"}
        onClick={onToggleSettings}
        aria-expanded={settingsOpen}
        data-testid="settings-toggle"
      >
        {t("header.settings")}
      </Button>
    </header>
  );
}
