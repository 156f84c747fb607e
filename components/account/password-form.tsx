"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormAction } from "@/components/auth/use-form-action";
import { fetchJson } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-policy";

export function PasswordForm() {
  const t = useTranslations("account.passwordForm");
  const [done, setDone] = useState<{ revokedTokens: number } | null>(null);
  const { onSubmit, busy, errors } = useFormAction(async (form, element) => {
    setDone(null);
    const answer = await fetchJson<{ revokedTokens: number }>("/api/account/password", {
      method: "POST",
      body: JSON.stringify({
        currentPassword: form.get("currentPassword"),
        newPassword: form.get("newPassword"),
      }),
    });
    element.reset();
    setDone(answer);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-sm space-y-3">
      <Field id="currentPassword" label={t("current")} error={errors.fields.currentPassword}>
        <input
          id="currentPassword"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
      <Field
        id="newPassword"
        label={t("new")}
        help={t("newHelp", { min: PASSWORD_MIN_LENGTH })}
        error={errors.fields.newPassword}
      >
        <input
          id="newPassword"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      {errors.message && (
        <Alert tone="danger" live>
          {errors.message}
        </Alert>
      )}
      {done && (
        <Alert tone="info" testId="password-changed">
          {t("changed")}{" "}
          {done.revokedTokens === 0 ? t("noTokens") : t("revoked", { count: done.revokedTokens })}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? t("changing") : t("change")}
      </Button>
    </form>
  );
}
