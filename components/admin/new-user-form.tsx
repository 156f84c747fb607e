"use client";

import { useTranslations } from "next-intl";
import { type FormEvent } from "react";
import { useFormErrors } from "@/components/auth/use-form-action";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { PASSWORD_MIN_LENGTH, type Role } from "@/lib/auth/password-policy";
import { useUserMutations } from "./admin-api";
import { useReauth } from "./reauth";

/** Creates a member (or admin) with an initial password that the admin hands over. */
export function NewUserForm() {
  const t = useTranslations("admin");
  const { create } = useUserMutations();
  const errors = useFormErrors();
  const ask = useReauth();
  // The confirming password is asked in a dialog, not a field of this form: its issue is the message.
  const message =
    errors.message ??
    (errors.issues.adminPassword &&
      (errors.issues.adminPassword.code === "not_current_password"
        ? t("newUser.notYourPassword")
        : t("newUser.confirmWithOwn")));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    errors.clear();
    const email = String(form.get("email") ?? "");
    const role = form.get("role") as Role;
    const adminPassword = await ask({
      title: t("newUser.confirmTitle", { role, email: email || t("newUser.thisEmail") }),
      confirmLabel: t("newUser.create"),
    });
    if (adminPassword === null) return;
    create.mutate(
      {
        email,
        name: String(form.get("name") ?? "") || undefined,
        password: String(form.get("password") ?? ""),
        role,
        adminPassword,
      },
      { onSuccess: () => formElement.reset(), onError: errors.show },
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto_auto] sm:items-start"
    >
      <Field id="new-email" label={t("newUser.email")} error={errors.fields.email}>
        <input id="new-email" name="email" type="email" autoComplete="off" className={inputClass} />
      </Field>
      <Field id="new-name" label={t("newUser.name")} error={errors.fields.name}>
        <input id="new-name" name="name" autoComplete="off" className={inputClass} />
      </Field>
      <Field
        id="new-password"
        label={t("newUser.password")}
        help={t("newUser.passwordHelp", { min: PASSWORD_MIN_LENGTH })}
        error={errors.fields.password}
      >
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          className={inputClass}
        />
      </Field>
      <Field id="new-role" label={t("newUser.role")}>
        <select id="new-role" name="role" defaultValue="member" className={inputClass}>
          <option value="member">{t("roles.member")}</option>
          <option value="admin">{t("roles.admin")}</option>
        </select>
      </Field>
      <Button type="submit" variant="primary" disabled={create.isPending} className="sm:mt-7">
        {create.isPending ? t("newUser.creating") : t("newUser.create")}
      </Button>
      {message && (
        <Alert tone="danger" live className="sm:col-span-5" testId="new-user-error">
          {message}
        </Alert>
      )}
    </form>
  );
}
