"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { fetchJson } from "@/components/api-client";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-policy";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { useFormAction } from "./use-form-action";

/** The first admin's account; the setup code is asked when the studio is reachable beyond loopback. */
export function SetupForm({ codeRequired }: { codeRequired: boolean }) {
  const router = useRouter();
  const t = useTranslations("auth");
  const { onSubmit, busy, errors } = useFormAction(
    async (form) => {
      if (form.get("password") !== form.get("confirm")) throw new Error(t("passwordsDiffer"));
      await fetchJson("/api/auth/setup", {
        method: "POST",
        body: JSON.stringify({
          email: form.get("email"),
          name: form.get("name") || undefined,
          password: form.get("password"),
          setupCode: form.get("setupCode") || undefined,
        }),
      });
      // refresh(): the header and the page render again for the signed-in user.
      router.replace("/");
      router.refresh();
      return "leaving";
    },
    { forbidden: t("setupCodeWrong") },
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {codeRequired && (
        <Field
          id="setupCode"
          label={t("setupCode")}
          help={t("setupCodeHelp")}
          error={errors.fields.setupCode}
        >
          <input id="setupCode" name="setupCode" autoComplete="off" className={inputClass} />
        </Field>
      )}
      <Field id="email" label={t("email")} error={errors.fields.email}>
        <input id="email" name="email" type="email" autoComplete="username" className={inputClass} />
      </Field>
      <Field id="name" label={t("name")} error={errors.fields.name}>
        <input id="name" name="name" autoComplete="name" className={inputClass} />
      </Field>
      <Field
        id="password"
        label={t("password")}
        help={t("passwordHelp", { min: PASSWORD_MIN_LENGTH })}
        error={errors.fields.password}
      >
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      <Field id="confirm" label={t("passwordAgain")}>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      {errors.message && (
        <Alert tone="danger" live testId="setup-error">
          {errors.message}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={busy} className="w-full">
        {busy ? t("creating") : t("createAdmin")}
      </Button>
    </form>
  );
}
