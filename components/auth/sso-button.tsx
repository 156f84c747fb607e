/**
 * Single sign-on's start: a plain form post, so the browser follows the studio's redirect to the
 * identity provider itself (no script needed).
 */
export function SsoButton({ providerName, next }: { providerName: string; next: string }) {
  return (
    <form method="post" action="/api/auth/sso">
      <input type="hidden" name="next" value={next} />
      <button
        type="submit"
        className="inline-flex h-9 w-full items-center justify-center rounded-md border border-zinc-700 bg-zinc-900 px-3.5 text-sm font-medium text-zinc-100 hover:bg-zinc-800"
      >
        Sign in with {providerName}
      </button>
    </form>
  );
}
