"use client";

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
  const { create } = useUserMutations();
  const errors = useFormErrors();
  const ask = useReauth();
  // The confirming password is asked in a dialog, not a field of this form: its issue is the message.
  const message =
    errors.message ??
    (errors.fields.adminPassword &&
      (errors.fields.adminPassword.startsWith("is not")
        ? "That is not your current password: nothing was created."
        : "Confirm with your own current password."));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    errors.clear();
    const email = String(form.get("email") ?? "");
    const role = form.get("role") as Role;
    const adminPassword = await ask({
      title: `Create ${role === "admin" ? "an admin" : "a member"} account for ${email || "this e-mail"}?`,
      confirmLabel: "Create user",
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
      <Field id="new-email" label="E-mail" error={errors.fields.email}>
        <input id="new-email" name="email" type="email" autoComplete="off" className={inputClass} />
      </Field>
      <Field id="new-name" label="Name" error={errors.fields.name}>
        <input id="new-name" name="name" autoComplete="off" className={inputClass} />
      </Field>
      <Field
        id="new-password"
        label="Initial password"
        help={`${PASSWORD_MIN_LENGTH}+ characters`}
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
      <Field id="new-role" label="Role">
        <select id="new-role" name="role" defaultValue="member" className={inputClass}>
          <option value="member">member</option>
          <option value="admin">admin</option>
        </select>
      </Field>
      <Button type="submit" variant="primary" disabled={create.isPending} className="sm:mt-7">
        {create.isPending ? "Creating…" : "Create user"}
      </Button>
      {message && (
        <Alert tone="danger" live className="sm:col-span-5" testId="new-user-error">
          {message}
        </Alert>
      )}
    </form>
  );
}
