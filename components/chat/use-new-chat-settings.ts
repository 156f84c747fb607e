"use client";

import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { ConversationSettings } from "@/lib/chat/settings-schema";

export type NewChatSettings = ConversationSettings & { model: string };

const STORAGE_KEY = "chat:new-chat-settings";

/** Model and settings for the next new conversation: the last ones used, remembered in this browser. */
export function useNewChatSettings(
  defaultModel: string,
): [NewChatSettings, Dispatch<SetStateAction<NewChatSettings>>] {
  const [settings, setSettings] = useState<NewChatSettings>({
    model: defaultModel,
    systemInstruction: "",
    generationConfig: {},
  });
  useEffect(() => {
    try {
      const saved = JSON.parse(
        localStorage.getItem(STORAGE_KEY) ?? "null",
      ) as Partial<NewChatSettings> | null;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only after hydration
      if (saved) setSettings((s) => ({ ...s, ...saved }));
    } catch {
      // unreadable storage: keep the defaults
    }
  }, []);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  }, [settings]);
  return [settings, setSettings];
}
