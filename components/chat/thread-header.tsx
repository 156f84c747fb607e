"use client";

import type { TextModelFamily } from "@/lib/catalog";
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
}: {
  title: string;
  model: string;
  families: readonly TextModelFamily[];
  usage: ConversationView["usage"] | null;
  onModel: (model: string) => void;
  modelDisabled: boolean;
  settingsOpen: boolean;
  onToggleSettings: () => void;
}) {
  const n = (v: number) => v.toLocaleString("en-US");
  return (
    <header className="flex items-center gap-3 border-b border-zinc-800 px-4 py-2.5">
      <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="conversation-title">
        {title}
      </h1>
      {usage && usage.totalTokenCount > 0 && (
        // Summed over the answers still in the thread: a regenerated or edited-away answer no longer counts.
        <span
          className="shrink-0 text-xs whitespace-nowrap text-zinc-400"
          data-testid="conversation-usage"
          title={`Answers still in this thread: prompt ${n(usage.promptTokenCount)} · output ${n(usage.candidatesTokenCount)} tokens`}
        >
          {n(usage.totalTokenCount)} tokens in this thread
        </span>
      )}
      <ModelSelect families={families} value={model} onChange={onModel} disabled={modelDisabled} />
      <Button
        size="sm"
        variant={settingsOpen ? "primary" : "secondary"}
        onClick={onToggleSettings}
        aria-expanded={settingsOpen}
        data-testid="settings-toggle"
      >
        Settings
      </Button>
    </header>
  );
}
