"use client";

import { useState } from "react";
import { useFormAction } from "@/components/auth/use-form-action";
import { fetchJson } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-policy";

export function PasswordForm() {
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
      <Field id="currentPassword" label="Current password" error={errors.fields.currentPassword}>
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
        label="New password"
        help={`At least ${PASSWORD_MIN_LENGTH} characters. Your other sessions are signed out and your API tokens revoked.`}
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
          Password changed.{" "}
          {done.revokedTokens === 0
            ? "You had no active API tokens."
            : `${done.revokedTokens} API token${done.revokedTokens === 1 ? " was" : "s were"} revoked: create new ones below.`}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
