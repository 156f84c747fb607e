"use client";

import clsx from "clsx";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm, type FieldError } from "react-hook-form";
import {
  conversationSettingsSchema,
  SYSTEM_INSTRUCTION_MAX,
  type ConversationSettings,
} from "@/lib/chat/settings-schema";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

const toNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));

type NumberSetting = "temperature" | "topP" | "maxOutputTokens";

/** The schema's bounds (lib/chat/settings-schema.ts), worded in the page's language. */
function issueKey(name: NumberSetting | "systemInstruction", error: FieldError) {
  if (name === "temperature") return { key: "invalid.temperature" } as const;
  if (name === "topP") return { key: "invalid.topP" } as const;
  if (name === "systemInstruction")
    return { key: "invalid.systemTooLong", max: SYSTEM_INSTRUCTION_MAX } as const;
  if (error.type === "too_small") return { key: "invalid.maxTooSmall" } as const;
  if (error.type === "too_big") return { key: "invalid.maxTooBig", max: 1_000_000 } as const;
  return { key: "invalid.maxWhole" } as const;
}

/** System instruction and generationConfig of one conversation, validated as the server does. */
export function SettingsPanel({
  value,
  onSave,
  onClose,
  saving,
  serverError,
  className,
}: {
  /** Where it sits: beside the thread from 1024 px, over it below. */
  className?: string;
  value: ConversationSettings;
  onSave: (settings: ConversationSettings) => void;
  onClose: () => void;
  saving?: boolean;
  serverError?: string;
}) {
  const { register, handleSubmit, formState } = useForm<ConversationSettings>({
    resolver: zodResolver(conversationSettingsSchema),
    defaultValues: value,
    mode: "onChange",
  });
  const t = useTranslations("chat.settings");
  const errors = formState.errors;
  const issue = (name: NumberSetting | "systemInstruction", error: FieldError | undefined) => {
    if (!error) return undefined;
    const { key, ...values } = issueKey(name, error);
    return t(key, values as { max: number });
  };
  const numberField = (name: NumberSetting, label: string, help: string, step: string) => (
    <Field
      id={`setting-${name}`}
      label={label}
      help={help}
      error={issue(name, errors.generationConfig?.[name])}
    >
      <input
        id={`setting-${name}`}
        type="number"
        step={step}
        inputMode="decimal"
        placeholder={t("upstreamDefault")}
        aria-invalid={Boolean(errors.generationConfig?.[name])}
        className={inputClass}
        {...register(`generationConfig.${name}`, { setValueAs: toNumber })}
      />
    </Field>
  );
  return (
    <form
      data-testid="settings-panel"
      onSubmit={handleSubmit(onSave)}
      className={clsx(
        "flex h-full flex-col gap-4 overflow-y-auto border-l border-zinc-800 bg-zinc-950 p-4",
        className,
      )}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t("title")}</h2>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label={t("closeLabel")}>
          {t("close")}
        </Button>
      </div>
      <Field
        id="setting-system"
        label={t("system")}
        help={t("systemHelp")}
        error={issue("systemInstruction", errors.systemInstruction)}
      >
        <textarea id="setting-system" rows={6} className={inputClass} {...register("systemInstruction")} />
      </Field>
      {numberField("temperature", t("temperature"), t("temperatureHelp"), "0.1")}
      {numberField("topP", t("topP"), t("topPHelp"), "0.05")}
      {numberField("maxOutputTokens", t("maxTokens"), t("maxTokensHelp"), "1")}
      {serverError && <p className="text-xs text-red-400">{serverError}</p>}
      <div className="flex justify-end gap-2">
        <Button
          type="submit"
          variant="primary"
          disabled={saving || !formState.isValid}
          data-testid="save-settings"
        >
          {saving ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
