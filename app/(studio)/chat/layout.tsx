import "./chat.css";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { textModelFamilies } from "@/lib/catalog";
import { DEFAULT_TEXT_MODEL } from "@/lib/chat/conversations";
import { ChatApp } from "@/components/chat/chat-app";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("chat"))("pageTitle") };
}

// One ChatApp for /chat and /chat/[id]: switching conversations keeps a streaming answer alive.
export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <ChatApp families={textModelFamilies()} defaultModel={DEFAULT_TEXT_MODEL} />
      {children}
    </>
  );
}
