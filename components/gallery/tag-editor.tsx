"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { inputClass } from "@/components/ui/field";
import { checkTagName, MAX_TAG_LENGTH, normalizeTagName } from "@/lib/gallery/tag-names";
import { TagSuggestions } from "./tag-suggestions";

/** The tag input's element id: T focuses it from the keyboard. */
export const TAG_INPUT_ID = "review-tag-input";

/** Tag chips with remove buttons and an input that suggests existing tags; Enter or comma adds. */
export function TagEditor({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const t = useTranslations("galleryDetail");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const add = (raw: string) => {
    const checked = checkTagName(raw);
    if ("error" in checked) {
      const tag = normalizeTagName(raw);
      setError(
        !tag
          ? t("tagEmpty")
          : tag.length > MAX_TAG_LENGTH
            ? t("tagTooLong", { max: MAX_TAG_LENGTH })
            : t("tagComma"),
      );
      return;
    }
    setError(null);
    setText("");
    if (!tags.includes(checked.tag)) onChange([...tags, checked.tag]);
  };

  return (
    <div className="space-y-2">
      <span className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{t("tags")}</span>
      <ul className="flex flex-wrap gap-1.5" data-testid="tag-list">
        {tags.map((tag) => (
          <li
            key={tag}
            className="flex items-center gap-1 rounded-full border border-zinc-700 bg-zinc-800 py-0.5 pl-2.5 pr-1 text-xs text-zinc-200"
            data-testid="tag-chip"
          >
            {tag}
            <button
              type="button"
              onClick={() => onChange(tags.filter((t) => t !== tag))}
              aria-label={t("removeTag", { tag })}
              className="flex size-4 items-center justify-center rounded-full text-zinc-400 hover:bg-zinc-700 hover:text-white"
            >
              <X aria-hidden className="size-3" />
            </button>
          </li>
        ))}
        {tags.length === 0 && <li className="text-xs text-zinc-400">{t("noTags")}</li>}
      </ul>
      <input
        value={text}
        id={TAG_INPUT_ID}
        data-testid="tag-input"
        aria-label={t("addTag")}
        list="detail-tag-suggestions"
        maxLength={MAX_TAG_LENGTH}
        placeholder={t("addTagPlaceholder")}
        onChange={(event) => {
          const value = event.target.value;
          // A comma ends a tag (names cannot hold one), as in most tag inputs.
          if (value.endsWith(",")) add(value.slice(0, -1));
          else setText(value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (text.trim()) add(text);
          } else if (event.key === "Backspace" && !text && tags.length) {
            onChange(tags.slice(0, -1));
          }
        }}
        className={`${inputClass} h-8 py-1`}
      />
      <TagSuggestions id="detail-tag-suggestions" query={text} exclude={tags.map(normalizeTagName)} />
      {error && <p className="text-xs text-red-300">{error}</p>}
    </div>
  );
}
