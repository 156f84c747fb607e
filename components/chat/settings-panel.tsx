"use client";

import clsx from "clsx";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { conversationSettingsSchema, type ConversationSettings } from "@/lib/chat/settings-schema";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

const toNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));

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
  const errors = formState.errors;
  const numberField = (
    name: "temperature" | "topP" | "maxOutputTokens",
    label: string,
    help: string,
    step: string,
  ) => (
    <Field id={`setting-${name}`} label={label} help={help} error={errors.generationConfig?.[name]?.message}>
      <input
        id={`setting-${name}`}
        type="number"
        step={step}
        inputMode="decimal"
        placeholder="upstream default"
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
        <h2 className="text-sm font-semibold">Conversation settings</h2>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close settings">
          Close
        </Button>
      </div>
      <Field
        id="setting-system"
        label="System instruction"
        help="Sent with every question of this conversation (systemInstruction)."
        error={errors.systemInstruction?.message}
      >
        <textarea id="setting-system" rows={6} className={inputClass} {...register("systemInstruction")} />
      </Field>
      {numberField("temperature", "Temperature", "0 to 2. Empty: the model's default.", "0.1")}
      {numberField("topP", "Top P", "0 to 1. Empty: the model's default.", "0.05")}
      {numberField(
        "maxOutputTokens",
        "Max output tokens",
        "A whole number, at least 1. Empty: no limit set.",
        "1",
      )}
      {serverError && <p className="text-xs text-red-400">{serverError}</p>}
      <div className="flex justify-end gap-2">
        <Button
          type="submit"
          variant="primary"
          disabled={saving || !formState.isValid}
          data-testid="save-settings"
        >
          {saving ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
