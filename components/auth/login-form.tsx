"use client";

import { useRouter } from "next/navigation";
import { fetchJson } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { useFormAction } from "./use-form-action";

export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const { onSubmit, busy, errors } = useFormAction(async (form) => {
    await fetchJson("/api/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
    });
    // refresh(): the header and the page render again for the signed-in user.
    router.replace(next);
    router.refresh();
    return "leaving";
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <Field id="email" label="E-mail" error={errors.fields.email}>
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
      <Field id="password" label="Password" error={errors.fields.password}>
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
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
