"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { fetchJson } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { useFormAction } from "./use-form-action";

export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const t = useTranslations("auth");
  const { onSubmit, busy, errors } = useFormAction(
    async (form) => {
      await fetchJson("/api/auth/login", {
        method: "POST",
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      });
      // refresh(): the header and the page render again for the signed-in user.
      router.replace(next);
      router.refresh();
      return "leaving";
    },
    { unauthorized: t("wrongCredentials") },
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="email" label={t("email")} error={errors.fields.email}>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          className={inputClass}
        />
      </Field>
      <Field id="password" label={t("password")} error={errors.fields.password}>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
        />
      </Field>
      {errors.message && (
        <Alert tone="danger" live testId="login-error">
          {errors.message}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={busy} className="w-full">
        {busy ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
